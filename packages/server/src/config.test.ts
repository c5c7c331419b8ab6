import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeStoreEnvironment } from '@piste/bigcommerce-fake';
import { ConfigError, configSchema, loadConfig } from './config';

/** The problems a ConfigError lists for `env`; none when it loads. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('loadConfig', () => {
  it('takes an http(s) CDN_PURGE_URL and refuses anything else with a clear message', () => {
    expect(loadConfig({ CDN_PURGE_URL: 'http://127.0.0.1:8081/purge' }).CDN_PURGE_URL).toBe(
      'http://127.0.0.1:8081/purge',
    );
    expect(loadConfig({}).CDN_PURGE_URL).toBeUndefined();
    expect(problemsOf({ CDN_PURGE_URL: 'ftp://cache/purge' })).toEqual([
      expect.stringMatching(/^CDN_PURGE_URL: must be an http:\/\/ or https:\/\/ URL/),
    ]);
  });

  it('starts with documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: 3000,
      DATA_DIR: '.data',
      SEED_ON_START: true,
      TRUST_PROXY: false,
      GEO_COUNTRY_HEADERS: [],
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('keeps content and pages for a while with embedded content, and not with a hosted stack unless told to', () => {
    expect(loadConfig({})).toMatchObject({ CONTENT_CACHE_TTL_SECONDS: 30, PAGE_CACHE_TTL_SECONDS: 10 });
    const hosted = { CONTENT_BASE_URL: 'https://cdn.contentstack.io/v3' };
    expect(loadConfig(hosted)).toMatchObject({ CONTENT_CACHE_TTL_SECONDS: 0, PAGE_CACHE_TTL_SECONDS: 0 });
    expect(loadConfig({ ...hosted, CONTENT_CACHE_TTL_SECONDS: '5', PAGE_CACHE_TTL_SECONDS: '' })).toMatchObject({
      CONTENT_CACHE_TTL_SECONDS: 5,
      PAGE_CACHE_TTL_SECONDS: 0,
    });
  });

  // Spec §9 'Content service regions'; hosts from Contentstack's regional base URLs
  // (https://www.contentstack.com/docs/developers/contentstack-regions/api-endpoints).
  it('reads a hosted stack in the region CONTENT_REGION names, unless CONTENT_BASE_URL names one', () => {
    expect(loadConfig({}).CONTENT_BASE_URL).toBeUndefined();
    expect(loadConfig({}).CONTENT_BRANCH).toBeUndefined();
    const hosts = {
      us: 'https://cdn.contentstack.io/v3',
      eu: 'https://eu-cdn.contentstack.com/v3',
      'azure-na': 'https://azure-na-cdn.contentstack.com/v3',
      'azure-eu': 'https://azure-eu-cdn.contentstack.com/v3',
      'gcp-na': 'https://gcp-na-cdn.contentstack.com/v3',
    };
    for (const [region, baseUrl] of Object.entries(hosts)) {
      expect(loadConfig({ CONTENT_REGION: region })).toMatchObject({
        CONTENT_BASE_URL: baseUrl,
        CONTENT_CACHE_TTL_SECONDS: 0,
        PAGE_CACHE_TTL_SECONDS: 0,
      });
    }
    const proxy = 'https://content-proxy.example/v3';
    expect(loadConfig({ CONTENT_REGION: 'eu', CONTENT_BASE_URL: proxy }).CONTENT_BASE_URL).toBe(proxy);
    for (const unknown of ['na', 'EU', 'aws-eu', 'gcp-eu ']) {
      expect(() => loadConfig({ CONTENT_REGION: unknown })).toThrow(
        /- CONTENT_REGION: must be one of us, eu, azure-na, azure-eu, gcp-na/,
      );
    }
  });

  it('reads the CONTENT_BRANCH branch of a hosted stack, and only main of the embedded one', () => {
    expect(loadConfig({ CONTENT_REGION: 'us', CONTENT_BRANCH: 'staging' }).CONTENT_BRANCH).toBe('staging');
    expect(loadConfig({ CONTENT_BRANCH: 'main' }).CONTENT_BRANCH).toBe('main');
    expect(() => loadConfig({ CONTENT_BRANCH: 'staging' })).toThrow(/CONTENT_BRANCH: the embedded content service/);
    for (const invalid of ['Main', 'feature/x', 'a\r\nx-evil: 1']) {
      expect(() => loadConfig({ CONTENT_REGION: 'us', CONTENT_BRANCH: invalid })).toThrow(/- CONTENT_BRANCH: /);
    }
  });

  it('honours PORT and HOST, and treats empty values as unset', () => {
    const config = loadConfig({ PORT: '8080', HOST: '127.0.0.1', DATABASE_URL: '' });
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('parses list and flag settings', () => {
    const config = loadConfig({ GEO_COUNTRY_HEADERS: 'CF-IPCountry, cloudfront-viewer-country', TRUST_PROXY: '1' });
    expect(config.GEO_COUNTRY_HEADERS).toEqual(['cf-ipcountry', 'cloudfront-viewer-country']);
    expect(config.TRUST_PROXY).toBe(true);
  });

  it('searches the embedded engine unless a hosted App Search endpoint is set', () => {
    expect(loadConfig({})).toMatchObject({ SEARCH_KEY: 'search-piste-demo', SEARCH_ENGINE: 'piste' });
    expect(loadConfig({}).SEARCH_ENDPOINT).toBeUndefined();
    const hosted = loadConfig({
      SEARCH_ENDPOINT: 'https://host-2376rb.api.swiftype.com/api/as/v1',
      SEARCH_KEY: 'search-soaewu2ye6uc45w5kbbcbbpx',
      SEARCH_ENGINE: 'piste-eu',
    });
    expect(hosted).toMatchObject({
      SEARCH_ENDPOINT: 'https://host-2376rb.api.swiftype.com/api/as/v1',
      SEARCH_KEY: 'search-soaewu2ye6uc45w5kbbcbbpx',
      SEARCH_ENGINE: 'piste-eu',
    });
    expect(hosted.SEARCH_PRIVATE_KEY).toBeUndefined();
    expect(loadConfig({ SEARCH_PRIVATE_KEY: 'private-xj7ck5f43bqq7kbquwpp9u3c' }).SEARCH_PRIVATE_KEY).toBe(
      'private-xj7ck5f43bqq7kbquwpp9u3c',
    );
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/shop'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_ON_START', 'maybe'],
    ['NODE_ENV', 'staging'],
    ['SEARCH_ENDPOINT', 'https://host-2376rb.api.swiftype.com/'],
    ['SEARCH_ENDPOINT', 'ftp://search.example/api/as/v1'],
    ['SEARCH_ENGINE', 'Piste Shop'],
    ['SEARCH_KEY', 'search key'],
    ['SEARCH_PRIVATE_KEY', 'search-soaewu2ye6uc45w5kbbcbbpx'],
    ['SEARCH_PRIVATE_KEY', 'private-'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`- ${name}: `));
  });

  // Spec §5 and §8: "Invalid tag-manager id → Throws" — at start-up, naming the variable.
  it('takes a GTM- container id and throws for any other', () => {
    expect(loadConfig({ TAG_MANAGER_ID: 'GTM-PISTE2E' }).TAG_MANAGER_ID).toBe('GTM-PISTE2E');
    expect(loadConfig({}).TAG_MANAGER_ID).toBeUndefined();
    for (const invalid of ['gtm-PISTE', 'GTM-piste', 'UA-12345-1', 'GTM-', 'GTM-AB"><script>']) {
      expect(() => loadConfig({ TAG_MANAGER_ID: invalid })).toThrow(
        /- TAG_MANAGER_ID: must be GTM- followed by uppercase/,
      );
    }
  });

  // docs/security.md 'Bot protection': the proof of work by default; reCAPTCHA only with both of its keys.
  it('checks with ALTCHA by default and refuses reCAPTCHA without its keys', () => {
    expect(loadConfig({}).BOT_PROTECTION).toBe('altcha');
    expect(() => loadConfig({ BOT_PROTECTION: 'recaptcha', RECAPTCHA_SITE_KEY: 'site-key-0123456789' })).toThrow(
      /BOT_PROTECTION: recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY/,
    );
    const keys = { RECAPTCHA_SITE_KEY: 'site-key-0123456789', RECAPTCHA_SECRET_KEY: 'secret-key-0123456789' };
    const shop = { PUBLIC_URL: 'https://shop.example.com' };
    expect(loadConfig({ BOT_PROTECTION: 'recaptcha', ...keys, ...shop }).RECAPTCHA_MIN_SCORE).toBe(0.5);
    expect(() => loadConfig({ BOT_PROTECTION: 'captcha' })).toThrow(/- BOT_PROTECTION: /);
    expect(() => loadConfig({ BOT_PROTECTION_SECRET: 'short' })).toThrow(/- BOT_PROTECTION_SECRET: /);
  });

  // docs/security.md 'Bot protection': a token must come from one of the shop's hostnames.
  it("refuses reCAPTCHA without the shop's hostnames, and takes a list of them", () => {
    const recaptcha = {
      BOT_PROTECTION: 'recaptcha',
      RECAPTCHA_SITE_KEY: 'site-key-0123456789',
      RECAPTCHA_SECRET_KEY: 'secret-key-0123456789',
    };
    expect(() => loadConfig(recaptcha)).toThrow(/BOT_PROTECTION: recaptcha .*set PUBLIC_URL .* or RECAPTCHA_HOSTNAMES/);
    expect(() => loadConfig({ ...recaptcha, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ ...recaptcha, PUBLIC_URL: 'https://shop.example.com' }).RECAPTCHA_HOSTNAMES).toBeUndefined();
    expect(
      loadConfig({ ...recaptcha, RECAPTCHA_HOSTNAMES: 'Shop.Example.com, www.shop.example.com' }).RECAPTCHA_HOSTNAMES,
    ).toEqual(['shop.example.com', 'www.shop.example.com']);
    // The other providers need neither.
    expect(loadConfig({}).RECAPTCHA_HOSTNAMES).toBeUndefined();
    for (const invalid of [
      'https://shop.example.com',
      'shop.example.com:443',
      'shop.example.com/en',
      ' , ',
      'shop_1.example',
    ]) {
      expect(() => loadConfig({ ...recaptcha, RECAPTCHA_HOSTNAMES: invalid })).toThrow(
        /- RECAPTCHA_HOSTNAMES: must be hostnames without scheme or port/,
      );
    }
  });

  it('keeps commerce in the embedded engine unless COMMERCE_PROVIDER names BigCommerce', () => {
    expect(loadConfig({})).toMatchObject({ COMMERCE_PROVIDER: 'embedded', bigcommerce: null });
    // BigCommerce's variables are not read without it.
    expect(loadConfig({ BIGCOMMERCE_STORE_HASH: 'NOT A HASH' }).bigcommerce).toBeNull();
    expect(() => loadConfig({ COMMERCE_PROVIDER: 'shopify' })).toThrow(/- COMMERCE_PROVIDER: /);
  });

  it('reads the BigCommerce store from its variables, and names each one missing or malformed', () => {
    const store = fakeStoreEnvironment('http://127.0.0.1:4010');
    const config = loadConfig(store);
    expect(config.COMMERCE_PROVIDER).toBe('bigcommerce');
    expect(config.bigcommerce).toMatchObject({
      apiUrl: 'http://127.0.0.1:4010',
      storeHash: store.BIGCOMMERCE_STORE_HASH,
      timeoutMs: 5_000,
      regions: { us: { channelId: 1, priceListId: 1, currencyCode: 'USD' } },
    });

    const { BIGCOMMERCE_ACCESS_TOKEN: _token, ...withoutToken } = store;
    expect(problemsOf({ ...withoutToken, BIGCOMMERCE_STORE_HASH: 'Not A Hash' })).toEqual([
      expect.stringMatching(/^BIGCOMMERCE_STORE_HASH: must be the store hash/),
      expect.stringMatching(/^BIGCOMMERCE_ACCESS_TOKEN: is required with COMMERCE_PROVIDER=bigcommerce/),
    ]);
    expect(() => loadConfig({ ...store, BIGCOMMERCE_REGIONS: '{"us":' })).toThrow(
      /- BIGCOMMERCE_REGIONS: must be JSON/,
    );
  });

  it('takes payments with the test provider unless told to use Stripe, which needs its three keys', () => {
    expect(loadConfig({})).toMatchObject({ PAYMENT_PROVIDER: 'test', stripe: null });
    const stripe = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_51Qpiste0000000000',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Qpiste0000000000',
      STRIPE_WEBHOOK_SECRET: 'whsec_piste0000000000',
    };
    expect(loadConfig(stripe).stripe).toEqual({
      secretKey: stripe.STRIPE_SECRET_KEY,
      publishableKey: stripe.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
    });

    const { STRIPE_SECRET_KEY: _secret, STRIPE_WEBHOOK_SECRET: _webhook, ...withoutTwo } = stripe;
    expect(problemsOf(withoutTwo)).toEqual([
      'STRIPE_SECRET_KEY: is required with PAYMENT_PROVIDER=stripe',
      'STRIPE_WEBHOOK_SECRET: is required with PAYMENT_PROVIDER=stripe',
    ]);
    // Keys swapped by mistake: a publishable key where the secret one goes, and the reverse.
    expect(
      problemsOf({
        ...stripe,
        STRIPE_SECRET_KEY: stripe.STRIPE_PUBLISHABLE_KEY,
        STRIPE_PUBLISHABLE_KEY: stripe.STRIPE_SECRET_KEY,
      }),
    ).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY: must be a Stripe secret key/),
      expect.stringMatching(/^STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/),
    ]);
    expect(problemsOf({ ...stripe, STRIPE_WEBHOOK_SECRET: 'piste0000000000' })).toEqual([
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: must be a Stripe webhook endpoint's signing secret/),
    ]);
  });

  it('refuses Stripe payments when BigCommerce keeps commerce: its checkout takes the payments', () => {
    const stripe = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_51Qpiste0000000000',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Qpiste0000000000',
      STRIPE_WEBHOOK_SECRET: 'whsec_piste0000000000',
    };
    expect(problemsOf({ ...fakeStoreEnvironment('http://127.0.0.1:1'), ...stripe })).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER: stripe needs COMMERCE_PROVIDER=embedded/),
    ]);
  });

  describe('in production, as the operator chose it', () => {
    const safe = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.com',
      REDIS_URL: 'redis://cache.internal:6379',
      BOT_PROTECTION_SECRET: 'a-shared-secret-of-at-least-32-characters',
    };

    it('takes a safe configuration', () => {
      expect(problemsOf(safe)).toEqual([]);
      const hosted = { CONTENT_REGION: 'eu', CONTENT_API_KEY: 'blt0123456789', CONTENT_DELIVERY_TOKEN: 'cs0123456789' };
      expect(problemsOf({ ...safe, ...hosted })).toEqual([]);
      // One instance without Redis: its own ALTCHA key is enough.
      expect(problemsOf({ NODE_ENV: 'production', PUBLIC_URL: 'http://10.0.0.5:8080' })).toEqual([]);
    });

    it('refuses every unsafe setting at once, naming each variable', () => {
      expect(
        problemsOf({
          NODE_ENV: 'production',
          MAIL_VIEWER: 'true',
          REDIS_URL: 'redis://cache.internal:6379',
          CONTENT_BASE_URL: 'https://cdn.contentstack.io/v3',
        }),
      ).toEqual([
        'MAIL_VIEWER: must be off in production: it shows every email, reset links included, to anyone',
        expect.stringMatching(/^PUBLIC_URL: must be set in production to the shop's public origin/),
        expect.stringMatching(/^BOT_PROTECTION_SECRET: must be set in production when instances share sessions/),
        expect.stringMatching(/^CONTENT_API_KEY: must be your stack's own in production/),
        expect.stringMatching(/^CONTENT_DELIVERY_TOKEN: must be your stack's own in production/),
      ]);
    });

    it.each([
      'http://localhost:3000',
      'https://LOCALHOST',
      'http://shop.localhost:3000',
      'http://127.0.0.1:3000',
      'http://127.8.9.10',
      'http://[::1]:3000',
      'http://[::ffff:127.0.0.1]',
    ])('refuses PUBLIC_URL=%s: email links would point at the reader', (url) => {
      expect(problemsOf({ ...safe, PUBLIC_URL: url })).toEqual([
        expect.stringMatching(/^PUBLIC_URL: must be the shop's public origin in production, not /),
      ]);
    });

    it('refuses a hosted stack read with the embedded demo key or token, whichever is left', () => {
      expect(problemsOf({ ...safe, CONTENT_REGION: 'us', CONTENT_API_KEY: 'blt0123456789' })).toEqual([
        expect.stringMatching(/^CONTENT_DELIVERY_TOKEN: /),
      ]);
      // The embedded service is read with its own keys: nothing to refuse.
      expect(problemsOf(safe)).toEqual([]);
    });

    it('leaves development, tests and a local `npm start` (PISTE_LOCAL_RUN) alone', () => {
      const unsafe = { MAIL_VIEWER: 'true', PUBLIC_URL: 'http://127.0.0.1:4100', REDIS_URL: 'redis://127.0.0.1:6379' };
      for (const run of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }] as Record<string, string>[]) {
        expect(problemsOf({ ...unsafe, ...run })).toEqual([]);
      }
      expect(problemsOf({ ...unsafe, NODE_ENV: 'production', PISTE_LOCAL_RUN: 'true' })).toEqual([]);
      expect(problemsOf({ ...unsafe, NODE_ENV: 'production', PISTE_LOCAL_RUN: 'false' })).toHaveLength(3);
    });
  });

  it('.env.example lists every variable with its default', () => {
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const listed = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
    );
    expect(Object.keys(listed).sort()).toEqual(Object.keys(configSchema.shape).sort());
    // The values written there are the defaults: parsing them changes nothing.
    expect(loadConfig(listed)).toEqual(loadConfig({}));
  });
});
