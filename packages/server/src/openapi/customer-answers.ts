import { z } from 'zod';
import type { CustomerAddressDto, CustomerDto, CustomerGroupDto, ProOrderTotalDto } from '@piste/commerce';

/** The customer calls' answers (BigCommerce v3 customer shapes, packages/commerce/src/customers/). */
export const customer = z
  .object({
    id: z.number(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    company: z.string(),
    phone: z.string(),
    customer_group_id: z.number(),
    notes: z.string(),
    accepts_marketing: z.boolean(),
    form_fields: z.array(z.object({ name: z.string(), value: z.string() })),
    date_created: z.string(),
    date_modified: z.string(),
    is_pro: z.boolean(),
    pro_region: z.string().nullable(),
    pro_expiration_date: z.string().nullable(),
    is_employee: z.boolean(),
  })
  .meta({ id: 'Customer' }) satisfies z.ZodType<CustomerDto>;

export const customerGroup = z
  .object({
    id: z.number(),
    name: z.string(),
    is_default: z.boolean(),
    is_group_for_guests: z.boolean(),
    is_employee_group: z.boolean(),
    category_access: z.object({ type: z.literal('all') }),
    discount_rules: z.array(z.looseObject({})),
    date_created: z.string(),
    date_modified: z.string(),
  })
  .meta({ id: 'CustomerGroup' }) satisfies z.ZodType<Omit<CustomerGroupDto, 'discount_rules'>>;

export const customerAddress = z
  .object({
    id: z.number(),
    customer_id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    company: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    state_or_province: z.string(),
    postal_code: z.string(),
    country_code: z.string(),
    phone: z.string(),
    address_type: z.enum(['residential', 'commercial']),
    is_default: z.boolean(),
  })
  .meta({ id: 'CustomerAddress' }) satisfies z.ZodType<CustomerAddressDto>;

export const proOrderTotal = z.object({
  order_total: z.number(),
  expiration_date: z.string().nullable(),
  employee_group: z.boolean(),
  spend_limit: z.number(),
  currency_code: z.string().nullable(),
  period_start: z.string(),
}) satisfies z.ZodType<ProOrderTotalDto>;
