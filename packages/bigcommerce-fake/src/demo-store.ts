/**
 * The fake store's identity and how our regions map onto it: one channel, a price list and a
 * currency per billing region, and the customer group each pro region's code joins. The e2e
 * server and the provider's tests configure BIGCOMMERCE_REGIONS with exactly this.
 */
export const FAKE_STORE_HASH = 'pistefake';
export const FAKE_ACCESS_TOKEN = 'fake-access-token-0123456789';
export const FAKE_CLIENT_ID = 'fake-client-id';
export const FAKE_CLIENT_SECRET = 'fake-client-secret-0123456789';
export const FAKE_WEBHOOK_SECRET = 'fake-webhook-secret-0123456789abcdef0123';

/** Price list ids of the seed: the embedded engine's three billing regions. */
export const FAKE_PRICE_LISTS = { us: 1, ca: 2, eu_region_1: 3 } as const;

export const FAKE_STORE_REGIONS = {
  us: { channel_id: 1, price_list_id: FAKE_PRICE_LISTS.us, currency: 'USD' },
  ca: { channel_id: 1, price_list_id: FAKE_PRICE_LISTS.ca, currency: 'CAD' },
  eu_region_1: { channel_id: 1, price_list_id: FAKE_PRICE_LISTS.eu_region_1, currency: 'EUR' },
  pro: { customer_group_id: 3 },
  pro_ca: { customer_group_id: 3 },
  pro_eu_region_1: { customer_group_id: 3 },
} as const;

/** The environment a shop needs to run on the fake at `apiUrl` (its storefront pages are served there too). */
export function fakeStoreEnvironment(apiUrl: string): Record<string, string> {
  return {
    COMMERCE_PROVIDER: 'bigcommerce',
    BIGCOMMERCE_API_URL: apiUrl,
    BIGCOMMERCE_STORE_HASH: FAKE_STORE_HASH,
    BIGCOMMERCE_ACCESS_TOKEN: FAKE_ACCESS_TOKEN,
    BIGCOMMERCE_CLIENT_ID: FAKE_CLIENT_ID,
    BIGCOMMERCE_CLIENT_SECRET: FAKE_CLIENT_SECRET,
    BIGCOMMERCE_STOREFRONT_URL: apiUrl,
    BIGCOMMERCE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    BIGCOMMERCE_REGIONS: JSON.stringify(FAKE_STORE_REGIONS),
  };
}
