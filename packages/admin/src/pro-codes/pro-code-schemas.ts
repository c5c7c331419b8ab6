import { z } from 'zod';

/**
 * Requests and answers of the pro-code area (`/admin/api/pro-codes`), shared by the API and the
 * admin app's forms. Browser-safe: no database, no node imports.
 */

/**
 * A pro code as the shop takes it (customer-schemas.ts `proCodeSchema`): letters, digits and
 * dashes, at most 40, stored upper-case whatever case is typed.
 */
export const proCodeField = z
  .string('Enter a pro code.')
  .trim()
  .min(1, 'Enter a pro code.')
  .max(40, 'A pro code has at most 40 characters.')
  .regex(/^[A-Za-z0-9-]+$/, 'A pro code is letters, digits and dashes.')
  .transform((code) => code.toUpperCase());

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A moment as the API takes it: an ISO date-time, or a date alone (`2027-12-31`), which means
 * the end of that day (UTC), so a pro expiring "on the 31st" is still pro all that day.
 */
export const adminDateTime = z
  .string('Enter a date.')
  .trim()
  .refine(
    (value) =>
      DATE_ONLY.test(value)
        ? !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
        : /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)),
    { message: 'Enter a date as YYYY-MM-DD, or a date and time.' },
  )
  .transform((value) => new Date(DATE_ONLY.test(value) ? `${value}T23:59:59.999Z` : value));

/**
 * The pro regions a code grants (commerce `customer-kinds.ts` PRO_CODE_REGIONS, which
 * pro-code-admin.ts checks this against). Not imported: `@piste/commerce` would bring the
 * password policy's breached-password list into the admin app's bundle.
 */
export const PRO_CODE_REGION_VALUES = ['pro', 'pro_ca', 'pro_eu_region_1'] as const;

export const proCodeRegionSchema = z.enum(PRO_CODE_REGION_VALUES, 'Choose pro (US), pro_ca or pro_eu_region_1.');

/** Whole units of the pro's home currency per year (spec §3 brandSpendLimit). */
const spendLimit = z
  .number('Enter the spend limit in whole units.')
  .int('Enter the spend limit in whole units.')
  .min(0, 'The spend limit cannot be negative.')
  .max(10_000_000, 'Keep the spend limit under 10,000,000.');

const maxUses = z
  .number('Enter how many customers may join, or leave it empty for no limit.')
  .int('Enter a whole number of uses.')
  .min(1, 'Allow at least 1 use, or leave it empty for no limit.')
  .max(1_000_000, 'Keep the limit under 1,000,000 uses.');

export const PRO_CODE_STATES = ['accepted', 'closed', 'expired'] as const;

export const proCodeViewSchema = z.object({
  code: z.string(),
  region: z.string(),
  customerGroupId: z.number(),
  groupName: z.string().nullable(),
  spendLimit: z.number(),
  /** When the pro status the code grants ends. */
  proExpiresAt: z.string(),
  /** Until when new customers may join with it; null: no end. */
  validUntil: z.string().nullable(),
  maxUses: z.number().nullable(),
  /** Customers holding the code now. */
  uses: z.number(),
  /** accepted: new customers may join; closed: past its valid-until or used up; expired: its pro status has ended. */
  state: z.enum(PRO_CODE_STATES),
  version: z.number(),
  createdAt: z.string(),
});
export type ProCodeView = z.infer<typeof proCodeViewSchema>;

export const proCodeListSchema = z.object({
  proCodes: z.array(proCodeViewSchema),
  /** The customer groups a code may join pros to. */
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
});
export const proCodeAnswerSchema = z.object({ proCode: proCodeViewSchema });

export const proCodeParams = z.object({ code: proCodeField });

export const proCodeCreateBody = z.object({
  code: proCodeField,
  region: proCodeRegionSchema,
  customerGroupId: z.number('Choose the group pros join.').int().positive('Choose the group pros join.'),
  spendLimit: spendLimit.default(3000),
  proExpiresAt: adminDateTime,
  validUntil: adminDateTime.nullable().default(null),
  maxUses: maxUses.nullable().default(null),
});
export type ProCodeCreateBody = z.input<typeof proCodeCreateBody>;

/** An edit of a code; `version` is the one the editor loaded. Only the fields sent change. */
export const proCodeUpdateBody = z
  .object({
    version: z.number('Send the version you loaded.').int().positive().max(2_147_483_647),
    spendLimit: spendLimit.optional(),
    proExpiresAt: adminDateTime.optional(),
    validUntil: adminDateTime.nullable().optional(),
    maxUses: maxUses.nullable().optional(),
  })
  .refine(
    (body) =>
      body.spendLimit !== undefined ||
      body.proExpiresAt !== undefined ||
      body.validUntil !== undefined ||
      body.maxUses !== undefined,
    { message: 'Change the spend limit, the pro expiry, the valid-until date or the use limit.', path: ['spendLimit'] },
  );
export type ProCodeUpdateBody = z.input<typeof proCodeUpdateBody>;

export const proCodeExpireBody = z.object({
  version: z.number('Send the version you loaded.').int().positive().max(2_147_483_647),
});

export const proCodeCustomersSchema = z.object({
  customers: z.array(
    z.object({
      id: z.number(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      company: z.string(),
      proExpiresAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

/** An edited code, and how many holders' pro expiry moved with the code's. */
export const proCodeUpdatedSchema = z.object({ proCode: proCodeViewSchema, holdersMoved: z.number() });
export type ProCodeList = z.infer<typeof proCodeListSchema>;
export type ProCodeCustomers = z.infer<typeof proCodeCustomersSchema>;
export type ProCodeUpdated = z.infer<typeof proCodeUpdatedSchema>;
