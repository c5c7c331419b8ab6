import type { customerAddresses, customerGroups, customers } from '../schema/customers';

/** A customer as the API returns them (BigCommerce's v3 customer fields, plus pro status). */
export interface CustomerDto {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  company: string;
  phone: string;
  customer_group_id: number;
  notes: string;
  accepts_marketing: boolean;
  form_fields: { name: string; value: string }[];
  date_created: string;
  date_modified: string;
  /** Spec §3 'Customer state'. */
  is_pro: boolean;
  pro_region: string | null;
  pro_expiration_date: string | null;
  is_employee: boolean;
}

export interface CustomerGroupDto {
  id: number;
  name: string;
  is_default: boolean;
  is_group_for_guests: boolean;
  /** Employees are flagged by the server through their group (spec §1). */
  is_employee_group: boolean;
  category_access: { type: 'all' };
  discount_rules: (typeof customerGroups.$inferSelect)['discountRules'];
  date_created: string;
  date_modified: string;
}

export interface CustomerAddressDto {
  id: number;
  customer_id: number;
  first_name: string;
  last_name: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  state_or_province: string;
  postal_code: string;
  country_code: string;
  phone: string;
  address_type: 'residential' | 'commercial';
  is_default: boolean;
}

export function toCustomerGroupDto(group: typeof customerGroups.$inferSelect): CustomerGroupDto {
  return {
    id: group.id,
    name: group.name,
    is_default: group.isDefault,
    is_group_for_guests: group.isGroupForGuests,
    is_employee_group: group.isEmployeeGroup,
    category_access: { type: 'all' },
    discount_rules: group.discountRules,
    date_created: group.createdAt.toISOString(),
    date_modified: group.updatedAt.toISOString(),
  };
}

export function toCustomerAddressDto(address: typeof customerAddresses.$inferSelect): CustomerAddressDto {
  return {
    id: address.id,
    customer_id: address.customerId,
    first_name: address.firstName,
    last_name: address.lastName,
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    state_or_province: address.stateOrProvince,
    postal_code: address.postalCode,
    country_code: address.countryCode,
    phone: address.phone,
    address_type: address.addressType,
    is_default: address.isDefault,
  };
}

export function toCustomerDto(
  customer: typeof customers.$inferSelect,
  status: { groupId: number; isPro: boolean; proRegion: string | null; isEmployee: boolean },
): CustomerDto {
  return {
    id: customer.id,
    email: customer.email,
    first_name: customer.firstName,
    last_name: customer.lastName,
    company: customer.company,
    phone: customer.phone,
    customer_group_id: status.groupId,
    notes: customer.notes,
    accepts_marketing: customer.acceptsMarketing,
    form_fields: customer.formFields,
    date_created: customer.createdAt.toISOString(),
    date_modified: customer.updatedAt.toISOString(),
    is_pro: status.isPro,
    pro_region: status.isPro ? status.proRegion : null,
    pro_expiration_date: customer.proExpiresAt?.toISOString() ?? null,
    is_employee: status.isEmployee,
  };
}
