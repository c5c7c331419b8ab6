import { z } from 'zod';
import { listPaging } from '../list-paging';

/**
 * Requests and answers of the promotions area (`/admin/api/promotions`, issue 28 'Promotions'),
 * shared by the API and the admin app's editor. Browser-safe: no database, no node imports.
 */

/** The largest value a Postgres integer column holds: ids, limits and amounts stay below it. */
const INT4_MAX = 2_147_483_647;

/**
 * Commerce's sets (schema/promotions.ts, core SHOPPING_REGIONS), copied rather than imported:
 * `@piste/commerce` would bring server code into the admin app's bundle. promotion-admin.ts
 * stops compiling when a copy and its source part.
 */
export const PROMOTION_KIND_VALUES = ['percent_off', 'amount_off', 'free_shipping'] as const;
export const PROMOTION_TARGET_VALUES = ['cart', 'category', 'product'] as const;
export const PROMOTION_PRO_RULE_VALUES = ['included', 'excluded', 'only'] as const;
export const PROMOTION_REGION_VALUES = ['us', 'ca', 'eu_region_1', 'pro', 'pro_ca', 'pro_eu_region_1'] as const;

/**
 * Where a promotion stands now: disabled by staff; scheduled (starts later); expired (its end
 * has passed); else active. A used-up promotion is active with uses equal to its limit.
 */
export const PROMOTION_STATUSES = ['active', 'scheduled', 'expired', 'disabled'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];
export const PROMOTION_SORTS = ['created', 'name', 'code', 'starts', 'ends', 'uses'] as const;

/* eslint-disable-next-line no-control-regex -- the pattern exists to refuse control characters */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * A coupon code as shoppers type it (issue 28 'Coupons': trimmed, 1–64 characters): letters,
 * digits, dashes and underscores. Kept as typed; shoppers' codes match it in any case.
 */
export const promotionCodeField = z
  .string('Enter a coupon code.')
  .trim()
  .min(1, 'Enter a coupon code, or leave it empty for an automatic promotion.')
  .max(64, 'A coupon code has at most 64 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'A coupon code is letters, digits, dashes and underscores.');

export const promotionNameField = z
  .string('Enter a name.')
  .trim()
  .min(1, 'Enter a name staff will recognise.')
  .max(120, 'Keep the name under 120 characters.')
  .refine((name) => !CONTROL_CHARACTERS.test(name), { message: 'The name contains characters that cannot be stored.' });

const positiveInt = (what: string) =>
  z
    .number(`Enter ${what} as a whole number.`)
    .int(`Enter ${what} as a whole number.`)
    .positive(`Enter ${what} above 0.`)
    .max(INT4_MAX, `Keep ${what} under ${INT4_MAX}.`);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A moment: an ISO date-time, or a date alone, which means that day's start (UTC) for a start
 * and its end for an end, so a promotion "from the 1st to the 31st" holds on both days.
 */
const moment = (endOfDay: boolean) =>
  z
    .string('Enter a date.')
    .trim()
    .refine(
      (value) =>
        DATE_ONLY.test(value)
          ? !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
          : /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)),
      { message: 'Enter a date as YYYY-MM-DD, or a date and time.' },
    )
    .transform((value) =>
      DATE_ONLY.test(value) ? new Date(`${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`) : new Date(value),
    );

const promotionFields = {
  name: promotionNameField,
  /** Null: an automatic promotion, applied without a code. */
  code: promotionCodeField.nullable().default(null),
  kind: z.enum(PROMOTION_KIND_VALUES, 'Choose percent off, amount off or free shipping.'),
  target: z.enum(PROMOTION_TARGET_VALUES, 'Choose the whole cart, a category or a product.').default('cart'),
  targetId: positiveInt('the category or product id').nullable().default(null),
  percentOff: z
    .number('Enter the percentage as a whole number from 1 to 100.')
    .int('Enter the percentage as a whole number from 1 to 100.')
    .min(1, 'Enter a percentage from 1 to 100.')
    .max(100, 'Enter a percentage from 1 to 100.')
    .nullable()
    .default(null),
  amountOffMinor: positiveInt('the amount off').nullable().default(null),
  currencyCode: z
    .string('Choose a currency.')
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Choose a currency such as USD.')
    .nullable()
    .default(null),
  regions: z
    .array(z.enum(PROMOTION_REGION_VALUES, `Choose regions among ${PROMOTION_REGION_VALUES.join(', ')}.`))
    .max(PROMOTION_REGION_VALUES.length)
    .refine((regions) => new Set(regions).size === regions.length, { message: 'Name each region once.' })
    .default([]),
  customerGroupIds: z
    .array(positiveInt('a customer group id'))
    .max(100, 'Name at most 100 customer groups.')
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Name each customer group once.' })
    .default([]),
  pros: z
    .enum(PROMOTION_PRO_RULE_VALUES, 'Choose whether pros are included, excluded or the only ones.')
    .default('included'),
  minSubtotalMinor: positiveInt('the minimum subtotal').nullable().default(null),
  startsAt: moment(false).nullable().default(null),
  endsAt: moment(true).nullable().default(null),
  usageLimit: positiveInt('the use limit').nullable().default(null),
  perCustomerLimit: positiveInt('the limit per customer').nullable().default(null),
  combinesWithSale: z.boolean('Choose yes or no.').default(false),
  combinesWithGroupDiscount: z.boolean('Choose yes or no.').default(false),
  enabled: z.boolean('Choose yes or no.').default(true),
};

/** The fields the cross-field rules read, as the API and the editor's form both hold them. */
export interface PromotionRuleFields {
  kind: (typeof PROMOTION_KIND_VALUES)[number];
  target: (typeof PROMOTION_TARGET_VALUES)[number];
  targetId: number | null | undefined;
  percentOff: number | null | undefined;
  amountOffMinor: number | null | undefined;
  currencyCode: string | null | undefined;
  minSubtotalMinor: number | null | undefined;
  startsAt: Date | null | undefined;
  endsAt: Date | null | undefined;
  perCustomerLimit?: number | null | undefined;
  usageLimit?: number | null | undefined;
}

/**
 * The rules between fields (issue 28 'Promotions', schema/promotions.ts), as `{ field: message }`:
 * what a kind needs and must not have, what a target needs, a currency for any amount, and an end
 * after the start. The API's schema and the editor both ask this, so the messages agree.
 */
export function promotionRuleErrors(values: PromotionRuleFields): Record<string, string> {
  const errors: Record<string, string> = {};
  const has = (value: unknown) => value !== null && value !== undefined;
  if (values.kind === 'percent_off') {
    if (!has(values.percentOff)) errors.percentOff = 'Enter the percentage off, from 1 to 100.';
    if (has(values.amountOffMinor)) errors.amountOffMinor = 'A percentage promotion takes no amount; clear it.';
  }
  if (values.kind === 'amount_off') {
    if (!has(values.amountOffMinor)) errors.amountOffMinor = 'Enter the amount off, above 0.';
    if (!has(values.currencyCode)) errors.currencyCode = 'Choose the currency of the amount off.';
    if (has(values.percentOff)) errors.percentOff = 'An amount-off promotion takes no percentage; clear it.';
  }
  if (values.kind === 'free_shipping') {
    if (has(values.percentOff)) errors.percentOff = 'Free shipping takes no percentage; clear it.';
    if (has(values.amountOffMinor)) errors.amountOffMinor = 'Free shipping takes no amount; clear it.';
    if (values.target !== 'cart') errors.target = 'Free shipping applies to the whole cart.';
  }
  if (values.target === 'cart' && has(values.targetId))
    errors.targetId = 'A whole-cart promotion names no category or product; clear it.';
  if (values.target !== 'cart' && !has(values.targetId))
    errors.targetId = `Enter the ${values.target} id it applies to.`;
  if (has(values.minSubtotalMinor) && !has(values.currencyCode)) {
    errors.currencyCode = 'Choose the currency of the minimum subtotal.';
  }
  if (values.startsAt && values.endsAt && values.endsAt.getTime() <= values.startsAt.getTime()) {
    errors.endsAt = 'Choose an end after the start.';
  }
  if (has(values.perCustomerLimit) && has(values.usageLimit) && values.perCustomerLimit! > values.usageLimit!) {
    errors.perCustomerLimit = 'Keep the limit per customer at or below the use limit.';
  }
  return errors;
}

function withRules<T extends PromotionRuleFields>(body: T, context: z.RefinementCtx) {
  for (const [field, message] of Object.entries(promotionRuleErrors(body))) {
    context.addIssue({ code: 'custom', path: [field], message });
  }
}

export const promotionCreateBody = z.object(promotionFields).superRefine(withRules);
export type PromotionCreateBody = z.input<typeof promotionCreateBody>;
export type PromotionInput = z.output<typeof promotionCreateBody>;

export const promotionVersionField = z.coerce
  .number('Send the version you loaded.')
  .int('Send the version you loaded.')
  .positive('Send the version you loaded.')
  .max(INT4_MAX, 'Send the version you loaded.');

/** An edit replaces every field; `version` is the one the editor loaded (409 when stale). */
export const promotionUpdateBody = z
  .object({ ...promotionFields, version: promotionVersionField })
  .superRefine(withRules);
export type PromotionUpdateBody = z.input<typeof promotionUpdateBody>;

export const promotionEnableBody = z.object({ version: promotionVersionField });
export const promotionDeleteQuery = z.object({ version: promotionVersionField });

export const promotionIdParams = z.object({
  id: z.coerce
    .number('Give a promotion id.')
    .int('Give a promotion id.')
    .positive('Give a promotion id.')
    .max(INT4_MAX, 'No promotion has so large an id.'),
});

export const promotionListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'Keep the search under 100 characters.')
    .refine((value) => !CONTROL_CHARACTERS.test(value), {
      message: 'The search contains characters that cannot be used.',
    })
    .optional(),
  status: z.enum(PROMOTION_STATUSES, `Choose one of: ${PROMOTION_STATUSES.join(', ')}.`).optional(),
  kind: z.enum(PROMOTION_KIND_VALUES, `Choose one of: ${PROMOTION_KIND_VALUES.join(', ')}.`).optional(),
  sort: z.enum(PROMOTION_SORTS, `Sort by one of: ${PROMOTION_SORTS.join(', ')}.`).default('created'),
  order: z.enum(['asc', 'desc'], 'Choose asc or desc.').default('desc'),
  ...listPaging,
});
export type PromotionListQuery = z.output<typeof promotionListQuery>;

export const promotionViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  kind: z.enum(PROMOTION_KIND_VALUES),
  target: z.enum(PROMOTION_TARGET_VALUES),
  targetId: z.number().nullable(),
  /** The category's or product's name, when the target is one. */
  targetName: z.string().nullable(),
  percentOff: z.number().nullable(),
  amountOffMinor: z.number().nullable(),
  currencyCode: z.string().nullable(),
  regions: z.array(z.string()),
  customerGroupIds: z.array(z.number()),
  pros: z.enum(PROMOTION_PRO_RULE_VALUES),
  minSubtotalMinor: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().nullable(),
  perCustomerLimit: z.number().nullable(),
  /** Orders that redeemed it (raised in the order's transaction). */
  timesUsed: z.number(),
  /** Redemption rows kept for it (promotion_redemptions): what makes it undeletable. */
  redemptions: z.number(),
  combinesWithSale: z.boolean(),
  combinesWithGroupDiscount: z.boolean(),
  enabled: z.boolean(),
  status: z.enum(PROMOTION_STATUSES),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromotionView = z.infer<typeof promotionViewSchema>;

export const promotionListSchema = z.object({
  promotions: z.array(promotionViewSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type PromotionList = z.infer<typeof promotionListSchema>;

export const promotionAnswerSchema = z.object({ promotion: promotionViewSchema });

/** A delete's outcome: removed, or (once redeemed, so orders keep naming it) disabled instead. */
export const promotionDeletedSchema = z.object({
  deleted: z.boolean(),
  promotion: promotionViewSchema.nullable(),
});
export type PromotionDeleted = z.infer<typeof promotionDeletedSchema>;

/** What the editor picks from. */
export const promotionChoicesSchema = z.object({
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
  categories: z.array(z.object({ id: z.number(), name: z.string() })),
  currencies: z.array(z.object({ code: z.string(), decimalPlaces: z.number() })),
  regions: z.array(z.string()),
});
export type PromotionChoices = z.infer<typeof promotionChoicesSchema>;
