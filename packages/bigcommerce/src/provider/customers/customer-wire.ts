import { z } from 'zod';

/**
 * The shapes BigCommerce answers for customers, addresses, customer groups and orders, read
 * with `client.parse` so an unexpected answer is logged and served as unavailable.
 */

/** A v3 customer (reference/customers.v3.yml `customer_Full`, `include=formfields`). */
export const bcCustomerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().default(''),
  phone: z.string().default(''),
  notes: z.string().default(''),
  customer_group_id: z.number().int().default(0),
  accepts_product_review_abandoned_cart_emails: z.boolean().default(false),
  // Form field values may be strings, numbers or lists (reference `formFieldValue`).
  form_fields: z.array(z.object({ name: z.string(), value: z.unknown() })).default([]),
  date_created: z.string(),
  date_modified: z.string(),
});
export type BcCustomer = z.infer<typeof bcCustomerSchema>;
export const bcCustomersSchema = z.array(bcCustomerSchema);

/** A v3 customer address (reference/customers.v3.yml `address_Full`). */
export const bcAddressSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().default(''),
  address1: z.string(),
  address2: z.string().default(''),
  city: z.string(),
  state_or_province: z.string().default(''),
  postal_code: z.string().default(''),
  country_code: z.string(),
  phone: z.string().default(''),
  address_type: z.enum(['residential', 'commercial']).default('residential'),
});
export type BcAddress = z.infer<typeof bcAddressSchema>;
export const bcAddressesSchema = z.array(bcAddressSchema);

/** `POST /v3/customers/validate-credentials` (reference/customers.v3.yml `ValidateCustomerCredentialsResponseObject`). */
export const bcCredentialsSchema = z.object({ is_valid: z.boolean(), customer_id: z.number().int().nullable() });

/** A v2 customer group (reference/customers.v2.yml, Customer Groups). Dates are RFC 2822. */
export const bcCustomerGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_default: z.boolean().default(false),
  is_group_for_guests: z.boolean().default(false),
  discount_rules: z
    .array(
      z.object({
        type: z.enum(['all', 'category', 'product', 'price_list']),
        method: z.string(),
        amount: z.string().optional(),
        category_id: z.number().int().optional(),
        product_id: z.number().int().optional(),
      }),
    )
    .default([]),
  date_created: z.string().optional(),
  date_modified: z.string().optional(),
});
export type BcCustomerGroup = z.infer<typeof bcCustomerGroupSchema>;

/** The fields of a v2 order the spend limit reads (reference/orders.v2.oas2.yml `order_Resp`). Amounts are decimal strings. */
export const bcSpendOrderSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  status_id: z.number().int(),
  currency_code: z.string(),
  subtotal_ex_tax: z.coerce.number(),
});
