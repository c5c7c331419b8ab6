import { z } from 'zod';
import { PROMOTION_KINDS, PROMOTION_PRO_RULES, PROMOTION_TARGETS } from './promotion-kinds';

/** A coupon code is at most this long (issue 28 'Bad input and failure'). */
export const MAX_COUPON_CODE_LENGTH = 64;

const CODE_MESSAGE = `must be a code of 1 to ${MAX_COUPON_CODE_LENGTH} characters`;

/**
 * A coupon code as a shopper sends it: text, trimmed, 1–64 characters, no control characters
 * (issue 28 §2: "A code is case-insensitive and trimmed"; case is matched by the lookup).
 */
export const couponCodeSchema = z
  .string({ error: CODE_MESSAGE })
  .transform((code) => code.trim())
  .pipe(
    z
      .string()
      .min(1, { error: CODE_MESSAGE })
      .max(MAX_COUPON_CODE_LENGTH, { error: CODE_MESSAGE })
      .regex(/^[^\p{Cc}\p{Cf}]*$/u, { error: 'must not hold control characters' }),
  )
  .describe('coupon_code');

/** `POST /api/cart/{cartId}/coupons` (BigCommerce's checkout coupons body). */
export const couponBodySchema = z.strictObject({ coupon_code: couponCodeSchema });

const minor = z.number().int().positive().max(2_147_483_647);
const regionId = z.enum(['us', 'ca', 'eu_region_1', 'pro', 'pro_ca', 'pro_eu_region_1']);

/**
 * A promotion's fields as a merchant sets them (the `promotions` row less its counters), for the
 * back office and the seed. Checks what the table's constraints cannot: each kind has its amount,
 * a targeted promotion its target, an amount its currency, and the end after the start.
 */
export const promotionFieldsSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    code: couponCodeSchema.nullable(),
    kind: z.enum(PROMOTION_KINDS),
    target: z.enum(PROMOTION_TARGETS).default('cart'),
    targetId: z.number().int().positive().nullable().default(null),
    percentOff: z.number().int().min(1).max(100).nullable().default(null),
    amountOffMinor: minor.nullable().default(null),
    currencyCode: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .nullable()
      .default(null),
    regions: z.array(regionId).default([]),
    customerGroupIds: z.array(z.number().int().positive()).default([]),
    pros: z.enum(PROMOTION_PRO_RULES).default('included'),
    minSubtotalMinor: minor.nullable().default(null),
    startsAt: z.coerce.date().nullable().default(null),
    endsAt: z.coerce.date().nullable().default(null),
    usageLimit: minor.nullable().default(null),
    perCustomerLimit: minor.nullable().default(null),
    combinesWithSale: z.boolean().default(false),
    combinesWithGroupDiscount: z.boolean().default(false),
    enabled: z.boolean().default(true),
  })
  .refine((p) => (p.kind === 'percent_off') === (p.percentOff !== null), {
    error: 'a percentage off has percentOff, and only it',
    path: ['percentOff'],
  })
  .refine((p) => (p.kind === 'amount_off') === (p.amountOffMinor !== null), {
    error: 'an amount off has amountOffMinor, and only it',
    path: ['amountOffMinor'],
  })
  .refine((p) => (p.amountOffMinor === null && p.minSubtotalMinor === null) || p.currencyCode !== null, {
    error: 'an amount needs its currency',
    path: ['currencyCode'],
  })
  .refine((p) => (p.target === 'cart') === (p.targetId === null), {
    error: 'a category or product promotion names its target, a cart one none',
    path: ['targetId'],
  })
  .refine((p) => p.kind !== 'free_shipping' || p.target === 'cart', {
    error: 'free shipping applies to the whole cart',
    path: ['target'],
  })
  .refine((p) => !p.startsAt || !p.endsAt || p.startsAt < p.endsAt, {
    error: 'must end after it starts',
    path: ['endsAt'],
  });
export type PromotionFields = z.output<typeof promotionFieldsSchema>;
