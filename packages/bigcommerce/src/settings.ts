import { PRICE_LIST_REGION } from '@piste/commerce';
import { SHOPPING_REGIONS, type ShoppingRegion } from '@piste/core';
import { z } from 'zod';

/**
 * The BigCommerce provider's settings (docs/providers/bigcommerce.md 'Settings'), read from the
 * environment when COMMERCE_PROVIDER=bigcommerce. A missing or malformed one stops the server at
 * start with a message naming the variable.
 */

/** Where one of our commerce regions shops on BigCommerce. */
export interface BigCommerceRegion {
  /** The channel its carts, prices and orders belong to. */
  channelId: number;
  /** The price list whose records price its variants (catalogue prices when absent). */
  priceListId: number | null;
  /** The currency its carts and prices are in (ISO 4217). */
  currencyCode: string;
  /** The customer group a pro code of this region joins (pro regions only; spec §3 'Pro Code'). */
  customerGroupId: number | null;
}

export interface BigCommerceSettings {
  /** `https://api.bigcommerce.com`, or a stand-in's origin in tests. */
  apiUrl: string;
  storeHash: string;
  accessToken: string;
  /** The API account's client id and secret: they sign Customer Login JWTs. */
  clientId: string;
  clientSecret: string;
  /** The store's storefront origin, where the hosted checkout and `/login/token/{jwt}` live. */
  storefrontUrl: string;
  /** The shared secret webhook deliveries carry, so a forged one is refused. */
  webhookSecret: string;
  /** Longest one API call may take before the page says the shop is unavailable. */
  timeoutMs: number;
  regions: Record<ShoppingRegion, BigCommerceRegion>;
}

export class BigCommerceSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid BigCommerce settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'BigCommerceSettingsError';
  }
}

const positiveId = z.number().int().positive();

const regionSchema = z.strictObject({
  channel_id: positiveId,
  price_list_id: positiveId.optional(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD'),
  customer_group_id: positiveId.optional(),
});

/** Pro regions may leave out what their home region says (pro → us, pro_ca → ca, pro_eu_region_1 → eu_region_1). */
const proRegionSchema = regionSchema.partial();

const regionsSchema = z.strictObject({
  us: regionSchema,
  ca: regionSchema,
  eu_region_1: regionSchema,
  pro: proRegionSchema.optional(),
  pro_ca: proRegionSchema.optional(),
  pro_eu_region_1: proRegionSchema.optional(),
});

const envSchema = z.object({
  BIGCOMMERCE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.bigcommerce.com'),
  BIGCOMMERCE_STORE_HASH: z.string().regex(/^[a-z0-9]{1,32}$/, 'must be the store hash (lowercase letters and digits)'),
  BIGCOMMERCE_ACCESS_TOKEN: z.string().min(10, 'must be an API account access token').max(200),
  BIGCOMMERCE_CLIENT_ID: z.string().min(5, "must be the API account's client id").max(200),
  BIGCOMMERCE_CLIENT_SECRET: z.string().min(10, "must be the API account's client secret").max(200),
  BIGCOMMERCE_STOREFRONT_URL: z.url({
    protocol: /^https?$/,
    error: "must be the storefront's origin, e.g. https://store-abc123.mybigcommerce.com",
  }),
  BIGCOMMERCE_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').max(500),
  BIGCOMMERCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  BIGCOMMERCE_REGIONS: z.string().transform((value, context) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be JSON (see docs/providers/bigcommerce.md)' });
      return z.NEVER;
    }
  }),
});

/** Parses the provider's variables; throws a BigCommerceSettingsError naming each bad one. */
export function readBigCommerceSettings(env: Record<string, string | undefined>): BigCommerceSettings {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new BigCommerceSettingsError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        // An unset variable is told as such, not as zod's "expected string, received undefined".
        return `${name}: ${name in present ? issue.message : 'is required with COMMERCE_PROVIDER=bigcommerce'}`;
      }),
    );
  }
  const regions = regionsSchema.safeParse(parsed.data.BIGCOMMERCE_REGIONS);
  if (!regions.success) {
    throw new BigCommerceSettingsError(
      regions.error.issues.map((issue) => `BIGCOMMERCE_REGIONS.${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const data = parsed.data;
  return {
    apiUrl: data.BIGCOMMERCE_API_URL.replace(/\/+$/, ''),
    storeHash: data.BIGCOMMERCE_STORE_HASH,
    accessToken: data.BIGCOMMERCE_ACCESS_TOKEN,
    clientId: data.BIGCOMMERCE_CLIENT_ID,
    clientSecret: data.BIGCOMMERCE_CLIENT_SECRET,
    storefrontUrl: data.BIGCOMMERCE_STOREFRONT_URL.replace(/\/+$/, ''),
    webhookSecret: data.BIGCOMMERCE_WEBHOOK_SECRET,
    timeoutMs: data.BIGCOMMERCE_TIMEOUT_MS,
    regions: Object.fromEntries(
      SHOPPING_REGIONS.map((region) => {
        const home = regions.data[PRICE_LIST_REGION[region]];
        const own = regions.data[region] ?? {};
        return [
          region,
          {
            channelId: own.channel_id ?? home.channel_id,
            priceListId: own.price_list_id ?? home.price_list_id ?? null,
            currencyCode: own.currency ?? home.currency,
            customerGroupId: own.customer_group_id ?? null,
          },
        ];
      }),
    ) as Record<ShoppingRegion, BigCommerceRegion>,
  };
}
