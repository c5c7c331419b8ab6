import { z } from 'zod';

/**
 * The back office's order requests and answers (docs/admin/orders.md), shared by the admin API
 * and the admin app. Money is in minor units of the order's `currencyCode` (cents for USD, EUR
 * and CAD), as the order was charged.
 */

/** The order statuses of the embedded engine (`@piste/commerce` schema/orders.ts). */
export const ADMIN_ORDER_STATUSES = [
  'pending',
  'awaiting_fulfillment',
  'shipped',
  'completed',
  'cancelled',
  'refunded',
] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

export const ORDER_SORTS = ['-created', 'created', '-total', 'total'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const ORDER_PAGE_SIZE_MAX = 100;

/** `YYYY-MM-DD` (a whole day, UTC) or an ISO date-time. */
const dayOrInstant = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
        : z.iso.datetime({ offset: true }).safeParse(value).success,
    'Enter a date as YYYY-MM-DD.',
  );

const minorAmount = z.coerce
  .number({ error: 'Enter an amount in minor units (cents).' })
  .int('Enter a whole number of minor units (cents).')
  .min(0, 'An amount cannot be negative.')
  .max(2_000_000_000, 'That amount is too large.');

/** The list's filters, sort and page; the CSV export takes the same filters. */
export const orderFiltersSchema = z.object({
  status: z.enum(ADMIN_ORDER_STATUSES, { error: `Pick one of: ${ADMIN_ORDER_STATUSES.join(', ')}.` }).optional(),
  region: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,30}$/, 'Enter a region id such as us or eu_region_1.')
    .optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
  /** A customer id, or the email the order was placed with. */
  customer: z.string().trim().min(1, 'Enter a customer id or email.').max(254, 'That is too long.').optional(),
  /** An order number, or part of the email the order was placed with. */
  q: z.string().trim().min(1, 'Enter an order number or email.').max(254, 'That is too long.').optional(),
  minTotal: minorAmount.optional(),
  maxTotal: minorAmount.optional(),
});
export type OrderFilters = z.infer<typeof orderFiltersSchema>;

export const orderListQuerySchema = orderFiltersSchema.extend({
  sort: z.enum(ORDER_SORTS, { error: `Sort by one of: ${ORDER_SORTS.join(', ')}.` }).default('-created'),
  page: z.coerce.number().int('Enter a whole page number.').min(1, 'Pages start at 1.').max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int('Enter a whole page size.')
    .min(1, 'Show at least one order.')
    .max(ORDER_PAGE_SIZE_MAX, `Show at most ${ORDER_PAGE_SIZE_MAX} orders a page.`)
    .default(25),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderListItemSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  status: z.enum(ADMIN_ORDER_STATUSES),
  region: z.string(),
  currencyCode: z.string(),
  email: z.string(),
  customerId: z.number().nullable(),
  /** The billing name. */
  name: z.string(),
  itemCount: z.number(),
  totalMinor: z.number(),
  refundedMinor: z.number(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderListSchema = z.object({
  orders: z.array(orderListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Says how to read every `*Minor` amount: minor units of each order's `currencyCode`. */
  amounts: z.literal('minor units of each order’s currencyCode'),
});
export type OrderList = z.infer<typeof orderListSchema>;

const orderLineRef = z.object({
  orderLineId: z.number({ error: 'Pick an order line.' }).int().positive('Pick an order line.'),
  quantity: z.number({ error: 'Enter a quantity.' }).int('Enter a whole quantity.').min(1, 'Enter at least 1.'),
});
export type OrderLineRef = z.infer<typeof orderLineRef>;

const lineRefs = z
  .array(orderLineRef)
  .min(1, 'Pick at least one line.')
  .max(500)
  .refine((lines) => new Set(lines.map((line) => line.orderLineId)).size === lines.length, 'Name each line once.');

const carrier = z.string().trim().min(1, 'Enter the carrier.').max(100, 'Keep the carrier under 100 characters.');
const trackingNumber = z
  .string()
  .trim()
  .min(1, 'Enter the tracking number.')
  .max(100, 'Keep the tracking number under 100 characters.')
  .regex(/^[A-Za-z0-9 -]+$/, 'A tracking number has letters, digits, spaces and dashes only.');
const reason = z.string().trim().max(500, 'Keep the reason under 500 characters.');

/** Ship a parcel: the lines in it, or everything left to ship when `lines` is left out. */
export const shipOrderSchema = z.object({ carrier, trackingNumber, lines: lineRefs.optional() });
export type ShipOrderInput = z.infer<typeof shipOrderSchema>;

export const cancelOrderSchema = z.object({ reason: reason.min(1, 'Say why the order is cancelled.') });
export type CancelOrderInput = z.infer<typeof cancelOrderSchema>;

/**
 * Refund lines (their paid share by default), an amount, or both (the amount then replaces the
 * lines' share). Without either, everything still refundable is refunded.
 */
export const refundOrderSchema = z.object({
  lines: lineRefs.optional(),
  amountMinor: z
    .number({ error: 'Enter an amount in minor units (cents).' })
    .int('Enter a whole number of minor units (cents).')
    .min(1, 'Refund at least 1 minor unit.')
    .optional(),
  reason: reason.min(1, 'Say why you refund.'),
  restock: z.boolean().default(false),
});
export type RefundOrderInput = z.infer<typeof refundOrderSchema>;

export const orderNoteSchema = z.object({
  body: z.string().trim().min(1, 'Write the note.').max(2000, 'Keep a note under 2000 characters.'),
});
export type OrderNoteInput = z.infer<typeof orderNoteSchema>;

const addressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  street_1: z.string(),
  street_2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country_iso2: z.string(),
  phone: z.string(),
  email: z.string(),
});

export const ORDER_EVENTS = ['placed', 'shipped', 'refunded', 'cancelled'] as const;

export const orderDetailSchema = z.object({
  order: z.object({
    id: z.number(),
    status: z.enum(ADMIN_ORDER_STATUSES),
    region: z.string(),
    currencyCode: z.string(),
    locale: z.string(),
    email: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    subtotalMinor: z.number(),
    discountMinor: z.number(),
    shippingMinor: z.number(),
    taxMinor: z.number(),
    taxIncluded: z.boolean(),
    taxRate: z.string(),
    totalMinor: z.number(),
    shippingMethod: z.string(),
  }),
  lines: z.array(
    z.object({
      id: z.number(),
      productId: z.number(),
      variantId: z.number(),
      sku: z.string(),
      name: z.string(),
      options: z.array(z.object({ name: z.string(), value: z.string() })),
      quantity: z.number(),
      listPriceMinor: z.number(),
      salePriceMinor: z.number(),
      totalMinor: z.number(),
      shipped: z.number(),
      refunded: z.number(),
    }),
  ),
  billingAddress: addressSchema,
  shippingAddress: addressSchema,
  payment: z.object({
    provider: z.string(),
    transactionId: z.string(),
    brand: z.string(),
    last4: z.string(),
    /** What the provider authorised, captured and refunded of it, in minor units (issue 28). */
    authorizedMinor: z.number().int(),
    capturedMinor: z.number().int(),
    refundedMinor: z.number().int(),
    /** What the provider says of it; null when it has no record. */
    state: z.enum(['authorized', 'captured', 'voided']).nullable(),
  }),
  shipments: z.array(
    z.object({
      id: z.number(),
      carrier: z.string(),
      trackingNumber: z.string(),
      shippedAt: z.string(),
      items: z.array(orderLineRef),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.number(),
      amountMinor: z.number(),
      lines: z.array(orderLineRef),
      reason: z.string(),
      refundId: z.string(),
      actor: z.string(),
      createdAt: z.string(),
    }),
  ),
  refundedMinor: z.number(),
  refundableMinor: z.number(),
  notes: z.array(z.object({ id: z.number(), body: z.string(), actor: z.string(), createdAt: z.string() })),
  customer: z
    .object({
      id: z.number(),
      email: z.string(),
      name: z.string(),
      group: z.object({ id: z.number(), name: z.string() }).nullable(),
    })
    .nullable(),
  /** What happened to the order, oldest first. */
  history: z.array(
    z.object({
      at: z.string(),
      event: z.enum(ORDER_EVENTS),
      detail: z.string(),
      actor: z.string().nullable(),
    }),
  ),
  /** What staff may still do with it. */
  can: z.object({ ship: z.boolean(), cancel: z.boolean(), refund: z.boolean() }),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
