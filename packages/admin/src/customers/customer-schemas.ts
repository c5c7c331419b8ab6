import { z } from 'zod';
import { listPaging } from '../list-paging';
import { adminDateTime, proCodeField } from '../pro-codes/pro-code-schemas';

/**
 * Requests and answers of the customer area (`/admin/api/customers`): the API validates with
 * these and the admin app's forms use the same ones, so a message reads the same at the field
 * whichever side finds the problem. Browser-safe: no database, no node imports.
 */

/* eslint-disable no-control-regex -- these patterns exist to refuse control characters */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
/** Notes may hold line breaks and tabs; nothing else below a space. */
const MULTILINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */

/** Free text of at most `max` characters, trimmed, without control characters. */
const text = (max: number, label: string, options: { multiline?: boolean } = {}) =>
  z
    .string(`Enter the ${label}.`)
    .trim()
    .max(max, `Keep the ${label} under ${max} characters.`)
    .refine((value) => !(options.multiline ? MULTILINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value), {
      message: `The ${label} contains characters that cannot be stored.`,
    });

const requiredText = (max: number, label: string) => text(max, label).pipe(z.string().min(1, `Enter the ${label}.`));

const id = (what: string) =>
  z.coerce.number(`Give a ${what} id.`).int(`Give a ${what} id.`).positive(`Give a ${what} id.`).max(2_147_483_647);

export const CUSTOMER_SORTS = ['created', 'email', 'name'] as const;
export const PRO_STATES = ['active', 'expired', 'none'] as const;
export type ProState = (typeof PRO_STATES)[number];

export const customerListQuery = z.object({
  q: text(100, 'search').optional(),
  group: id('customer group').optional(),
  pro: z.enum(PRO_STATES, 'Choose active, expired or none.').optional(),
  employee: z.enum(['true', 'false'], 'Choose true or false.').optional(),
  sort: z.enum(CUSTOMER_SORTS, `Sort by one of: ${CUSTOMER_SORTS.join(', ')}.`).default('created'),
  order: z.enum(['asc', 'desc'], 'Choose asc or desc.').default('desc'),
  ...listPaging,
});
export type CustomerListQuery = z.output<typeof customerListQuery>;

export const customerIdParams = z.object({ id: id('customer') });

export const customerSummarySchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  /** The group that prices the customer: their own, or the default group. */
  groupId: z.number().nullable(),
  groupName: z.string().nullable(),
  isEmployee: z.boolean(),
  proCode: z.string().nullable(),
  proState: z.enum(PRO_STATES),
  proExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerGroupOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  isDefault: z.boolean(),
  isEmployeeGroup: z.boolean(),
});

export const customerListSchema = z.object({
  customers: z.array(customerSummarySchema),
  total: z.number(),
  /** Every customer group, for the group filter. */
  groups: z.array(customerGroupOptionSchema),
  page: z.number(),
  pageSize: z.number(),
});

export const customerAddressSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  stateOrProvince: z.string(),
  postalCode: z.string(),
  countryCode: z.string(),
  phone: z.string(),
  addressType: z.string(),
  isDefault: z.boolean(),
});

export const customerOrderSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  status: z.string(),
  region: z.string(),
  totalMinor: z.number(),
  currencyCode: z.string(),
});

export const proStatusSchema = z.object({
  code: z.string().nullable(),
  /** The pro region the customer's record names (`pro`, `pro_ca`, `pro_eu_region_1`). */
  region: z.string().nullable(),
  state: z.enum(PRO_STATES),
  expiresAt: z.string().nullable(),
  /** Whole units of the home currency per year. */
  spendLimit: z.number(),
  /** Spent this period in the home currency, as a decimal amount (the shop's `order_total`). */
  spent: z.number(),
  currencyCode: z.string().nullable(),
  periodStart: z.string(),
});

export const customerDetailSchema = z.object({
  customer: z.object({
    id: z.number(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    company: z.string(),
    phone: z.string(),
    notes: z.string(),
    acceptsMarketing: z.boolean(),
    /** The customer's own group; null: the default group prices them. */
    customerGroupId: z.number().nullable(),
    /** The group that prices them now (an expired pro's code group no longer does). */
    pricingGroup: customerGroupOptionSchema.nullable(),
    isEmployee: z.boolean(),
    pro: proStatusSchema,
    version: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  addresses: z.array(customerAddressSchema),
  orders: z.array(customerOrderSchema),
  groups: z.array(customerGroupOptionSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/**
 * A back-office edit of a customer: only the fields sent change. `version` is the one the
 * editor loaded; a stale one is refused with the customer as saved. `employee: true` moves the
 * customer into the employee group (false moves them out, to the default group); a pro code
 * joins its group with its pro expiry unless `customerGroupId` / `proExpiresAt` say otherwise;
 * `proCode: null` ends the pro membership.
 */
export const customerUpdateBody = z
  .object({
    version: z.number('Send the version you loaded.').int().positive().max(2_147_483_647),
    firstName: requiredText(80, 'first name').optional(),
    lastName: requiredText(80, 'last name').optional(),
    company: text(120, 'company').optional(),
    phone: text(40, 'phone number').optional(),
    notes: text(2000, 'notes', { multiline: true }).optional(),
    acceptsMarketing: z.boolean('Say whether the customer accepts marketing.').optional(),
    customerGroupId: z
      .number('Choose a customer group.')
      .int('Choose a customer group.')
      .positive('Choose a customer group.')
      .max(2_147_483_647, 'Choose a customer group.')
      .nullable()
      .optional(),
    employee: z.boolean('Say whether the customer is an employee.').optional(),
    proCode: proCodeField.nullable().optional(),
    proExpiresAt: adminDateTime.nullable().optional(),
  })
  .refine((body) => !(body.employee !== undefined && body.customerGroupId !== undefined), {
    message: 'Choose a group or the employee flag, not both.',
    path: ['employee'],
  });
export type CustomerUpdateBody = z.input<typeof customerUpdateBody>;

export const passwordResetSentSchema = z.object({ sentTo: z.string() });

export const customerEraseBody = z.object({
  confirmEmail: z
    .string('Type the customer’s email to confirm.')
    .trim()
    .min(1, 'Type the customer’s email to confirm.')
    .max(254, 'Type the customer’s email to confirm.'),
});

export const customerErasedSchema = z.object({
  erased: z.literal(true),
  ordersKept: z.number(),
  subscriptionsRemoved: z.number(),
  emailsRemoved: z.number(),
});
export type CustomerGroupOption = z.infer<typeof customerGroupOptionSchema>;
export type CustomerList = z.infer<typeof customerListSchema>;
export type CustomerErased = z.infer<typeof customerErasedSchema>;
