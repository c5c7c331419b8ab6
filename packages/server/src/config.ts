import { isIP } from 'node:net';
import { z } from 'zod';
import { BigCommerceSettingsError, readBigCommerceSettings, type BigCommerceSettings } from '@piste/bigcommerce';
import type { StripeSettings } from '@piste/payments-stripe';
import { TAG_MANAGER_ID_PATTERN } from '@piste/core';
import { CONTENT_REGIONS, DEFAULT_CONTENT_BRANCH, contentDeliveryBaseUrl } from '@piste/content';
import { isAddressOrRange } from './platform/address-list';
import {
  DEFAULT_BLOCKED_URL_FRAGMENTS,
  DEFAULT_BLOCKED_USER_AGENTS,
  DEFAULT_NEVER_BLOCK_IPS,
} from './platform/platform-defaults';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean),
);

/** A DNS hostname (lowercase, as `commaList` leaves it): dot-separated labels, no scheme, port or path. */
const HOSTNAME_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A Stripe key or secret: its documented prefix, then letters, digits and underscores. */
function stripeKey(prefix: string, what: string) {
  return z.string().regex(new RegExp(`^${prefix}[A-Za-z0-9_]{8,250}$`), `must be ${what}`);
}

/** IP addresses and CIDR ranges, IPv4 or IPv6, comma-separated. */
const addressList = commaList.refine((entries) => entries.every(isAddressOrRange), {
  error: 'must be IP addresses or CIDR ranges (e.g. 203.0.113.7, 10.0.0.0/8, 2001:db8::/32), comma-separated',
});

/** The embedded content service's keys, published with the code: the defaults, and no secret. */
const EMBEDDED_CONTENT_KEYS = { CONTENT_API_KEY: 'piste_demo_stack', CONTENT_DELIVERY_TOKEN: 'piste_demo_delivery' };

/**
 * Every setting the server reads, with its default. `.env.example` lists the same names;
 * `config.test.ts` checks that the two agree.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /**
   * Set by `npm start` (scripts/start.mjs) when it chose NODE_ENV=production itself, for a run on
   * a laptop or in e2e: the refusals of unsafe production settings (`productionRefusals`) are
   * for an operator who chose production. Setting it yourself turns them off.
   */
  PISTE_LOCAL_RUN: booleanFlag.default(false),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Postgres connection string; unset means PGlite in-process with data under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  /**
   * Longest a Postgres query may take, in seconds: the server cancels a statement past it, and
   * the client stops waiting a second later when no answer comes (a silent network); the
   * request answers 503. 0: no limit. Migrations and seeding at start-up have none.
   */
  DATABASE_QUERY_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3_600).default(5),
  /**
   * Redis, so that several instances share sessions and rate limits; unset means sessions in
   * the database and rate limits in process memory.
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  /** Load demo data at start (idempotent). */
  SEED_ON_START: booleanFlag.default(true),
  /**
   * Who keeps commerce (docs/architecture.md 'Commerce providers'): `embedded` (our engine over
   * this database) or `bigcommerce` (a BigCommerce store, with the BIGCOMMERCE_* variables).
   */
  COMMERCE_PROVIDER: z.enum(['embedded', 'bigcommerce']).default('embedded'),
  /**
   * The BigCommerce store (docs/providers/bigcommerce.md 'Connect your own store'), read only with
   * COMMERCE_PROVIDER=bigcommerce; @piste/bigcommerce's settings.ts checks each value.
   */
  BIGCOMMERCE_API_URL: z.string().optional(),
  BIGCOMMERCE_STORE_HASH: z.string().optional(),
  BIGCOMMERCE_ACCESS_TOKEN: z.string().optional(),
  BIGCOMMERCE_CLIENT_ID: z.string().optional(),
  BIGCOMMERCE_CLIENT_SECRET: z.string().optional(),
  BIGCOMMERCE_STOREFRONT_URL: z.string().optional(),
  BIGCOMMERCE_WEBHOOK_SECRET: z.string().optional(),
  BIGCOMMERCE_TIMEOUT_MS: z.string().optional(),
  BIGCOMMERCE_REGIONS: z.string().optional(),
  /**
   * Trust X-Forwarded-* from a proxy in front (needed for the real client IP and https): `true`
   * trusts every hop, so clients can then claim any address; a list of the proxies' addresses or
   * ranges trusts only those (docs/operations.md 'Client addresses').
   */
  TRUST_PROXY: z.union([booleanFlag, addressList]).default(false),
  /** CDN headers carrying the visitor's country, trusted only when listed (e.g. cf-ipcountry). */
  GEO_COUNTRY_HEADERS: commaList.default([]),
  /** Spec §6 blocklists (docs/operations.md): refused with a 403 before anything else runs. */
  BLOCKED_IPS: addressList.default([]),
  BLOCKED_URL_FRAGMENTS: commaList.default([...DEFAULT_BLOCKED_URL_FRAGMENTS]),
  BLOCKED_USER_AGENTS: commaList.default([...DEFAULT_BLOCKED_USER_AGENTS]),
  /** Internal addresses no rule blocks; they may also read /metrics. */
  NEVER_BLOCK_IPS: addressList.default([...DEFAULT_NEVER_BLOCK_IPS]),
  /** Lets a scraper outside NEVER_BLOCK_IPS read /metrics with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z
    .string()
    .min(16)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  /**
   * Signs the back office's storefront preview links (docs/admin/content.md 'Preview'); every
   * instance needs the same one. Unset: a random key per process in development and test, and
   * no previews in production.
   */
  PREVIEW_SECRET: z.string().min(32, 'must be at least 32 characters').max(500).optional(),
  /** Seconds a graceful shutdown may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** How long catalogue answers stay in the in-process cache; 0 turns the cache off. */
  CATALOGUE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
  /**
   * How long the rendered HTML of an anonymous page view is shared with the next visitors
   * (docs/performance.md); 0 renders every view. Unset: 10, or 0 with a hosted content stack
   * (see `withCacheDefaults`).
   */
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  /**
   * How long a CDN may serve a page shared by every signed-out visitor (`s-maxage`) before it
   * asks again (docs/decisions/029-a-shared-and-personal-pages.md).
   */
  PAGE_SHARED_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Media originals: one folder per alias holding manifest.json (`npm run media:generate`). */
  MEDIA_DIR: z.string().min(1).default('data/seed/media'),
  /** Transformed images, evicted least-recently-used beyond MEDIA_CACHE_MAX_MB. */
  MEDIA_CACHE_DIR: z.string().min(1).default('.data/media-cache'),
  MEDIA_CACHE_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(512),
  /** A hosted media service (e.g. https://cdn.media.amplience.net); unset means the embedded /media. */
  MEDIA_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** The media account alias the storefront asks for (brand settings' amplience_brand_alias). */
  MEDIA_ALIAS: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, dot, dash or underscore')
    .default('piste'),
  /**
   * The embedded test payment provider's own origin (docs/checkout.md 'Test payment provider'):
   * its card element is served there, by a second listener on TEST_PAYMENTS_PORT (default PORT + 1).
   * Unset, PUBLIC_URL with that port.
   */
  TEST_PAYMENTS_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  TEST_PAYMENTS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /**
   * Signs the test provider's webhook deliveries (`Piste-Test-Signature`, Stripe's scheme); unset,
   * a random secret for the process, which both signs and verifies them.
   */
  TEST_PAYMENTS_WEBHOOK_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).max(256).optional(),
  /**
   * Who takes card payments in our checkout (docs/checkout.md 'Payments'): `test` (the embedded
   * test provider) or `stripe` (a Stripe account, with the STRIPE_* variables;
   * docs/providers/stripe.md). With COMMERCE_PROVIDER=bigcommerce, BigCommerce's checkout takes them.
   */
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).default('test'),
  /** The Stripe account's secret key (server only), publishable key (for Stripe.js) and webhook signing secret. */
  STRIPE_SECRET_KEY: stripeKey('sk_', 'a Stripe secret key (sk_test_… or sk_live_…)').optional(),
  STRIPE_PUBLISHABLE_KEY: stripeKey('pk_', 'a Stripe publishable key (pk_test_… or pk_live_…)').optional(),
  STRIPE_WEBHOOK_SECRET: stripeKey('whsec_', "a Stripe webhook endpoint's signing secret (whsec_…)").optional(),
  /** The content stack's keys (docs/content.md); the defaults are the embedded service's. */
  CONTENT_API_KEY: z.string().min(1).max(200).default(EMBEDDED_CONTENT_KEYS.CONTENT_API_KEY),
  CONTENT_DELIVERY_TOKEN: z.string().min(1).max(200).default(EMBEDDED_CONTENT_KEYS.CONTENT_DELIVERY_TOKEN),
  CONTENT_ENVIRONMENT: z.string().min(1).max(100).default('production'),
  /** A hosted Contentstack delivery API ending in /v3 (e.g. https://cdn.contentstack.io/v3); unset means the embedded service. */
  CONTENT_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /**
   * A hosted stack's region (spec §9 'Content service regions'): without CONTENT_BASE_URL, the
   * delivery API is that region's (docs/providers/contentstack.md); CONTENT_BASE_URL wins.
   */
  CONTENT_REGION: z.enum(CONTENT_REGIONS, { error: `must be one of ${CONTENT_REGIONS.join(', ')}` }).optional(),
  /** The stack branch read (Contentstack's `branch` header); unset, the stack's default, main. */
  CONTENT_BRANCH: z
    .string()
    .regex(/^[a-z0-9_-]{1,50}$/, 'must be a branch uid: lowercase letters, digits, dashes or underscores')
    .optional(),
  /**
   * How long the storefront reuses a content answer (cache policy 1, cache else network); 0
   * reads the content service on every request (policy -1, the spec §9 default). Unset: 30, or
   * 0 with a hosted content stack (see `withCacheDefaults`).
   */
  CONTENT_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3_600).optional(),
  /**
   * A hosted Elastic App Search API root ending in /api/as/v1 (e.g.
   * https://host-2376rb.api.swiftype.com/api/as/v1); unset means the embedded engine under
   * /api/search/api/as/v1 (docs/search.md).
   */
  SEARCH_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .regex(/\/api\/as\/v1\/?$/, 'must end in /api/as/v1')
    .optional(),
  /** The public search key (App Search search keys are read-only and handed to browsers). */
  SEARCH_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be 1 to 200 letters, digits, dashes or underscores')
    .default('search-piste-demo'),
  /**
   * App Search's private API key, for `npm run search:index-hosted` only (it writes documents):
   * never handed to browsers nor used by the running shop (docs/providers/app-search.md).
   */
  SEARCH_PRIVATE_KEY: z
    .string()
    .regex(/^private-[A-Za-z0-9_-]{1,200}$/, 'must be an App Search private key (private- then letters or digits)')
    .optional(),
  /** The engine searched (App Search engine names: lowercase letters, digits and dashes). */
  SEARCH_ENGINE: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be lowercase letters, digits and dashes')
    .default('piste'),
  /**
   * The tag-manager container (GTM-…): set, visitors are asked for cookie consent, and those who
   * accept analytics get the container and the data-layer events (spec §7, docs/analytics.md).
   */
  TAG_MANAGER_ID: z
    .string()
    .regex(TAG_MANAGER_ID_PATTERN, 'must be GTM- followed by uppercase letters or digits')
    .optional(),
  /**
   * Map tiles for the store locator (`{z}/{x}/{y}` placeholders, e.g. a tile server you run or
   * license); unset, the locator lists dealers without a map.
   */
  STORE_MAP_TILE_URL: z
    .string()
    .regex(/^https:\/\/[^\s]+\{z\}[^\s]*\{x\}[^\s]*\{y\}/, 'must be an https:// URL with {z}, {x} and {y}')
    .optional(),
  /**
   * nginx's purge location in front of the shop (deploy/nginx/piste-cache.conf), told of every
   * catalogue and content change; unset, no CDN is purged (docs/operations.md 'CDN in front').
   */
  CDN_PURGE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** The shop's public origin, for links in emails; requests' Host headers are never trusted for it. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('http://localhost:3000'),
  /** SMTP server the outbox's emails go out through (docs/email.md); unset means they stay in the outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** The From of every email. */
  MAIL_FROM: z
    .string()
    .min(3)
    .max(300)
    .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be one address, optionally with a name, e.g. Piste <shop@example.com>')
    .default('Piste <shop@piste.invalid>'),
  /**
   * Serve the mail viewer at /_dev/mail. It shows every email, reset links included, to anyone
   * who can reach the server: development and test machines only.
   */
  MAIL_VIEWER: booleanFlag.default(false),
  /**
   * Who checks that sign-in, sign-up, pro signup, password reset, the newsletter and checkout
   * come from people (docs/security.md 'Bot protection'): `altcha` (a proof of work this server
   * issues), `recaptcha` (Google reCAPTCHA v3) or `off`.
   */
  BOT_PROTECTION: z.enum(['altcha', 'recaptcha', 'off']).default('altcha'),
  /** Signs ALTCHA challenges; every instance must share it. Unset, each process draws its own. */
  BOT_PROTECTION_SECRET: z.string().min(32, 'must be at least 32 characters').max(500).optional(),
  /** PBKDF2 iterations per ALTCHA attempt. */
  ALTCHA_COST: z.coerce.number().int().min(1).max(100_000).default(1_000),
  /** The ALTCHA answer lies between half of this and this: about a second of a phone's work at the defaults. */
  ALTCHA_MAX_COUNTER: z.coerce.number().int().min(2).max(1_000_000).default(5_000),
  /** reCAPTCHA v3 keys, required with BOT_PROTECTION=recaptcha. */
  RECAPTCHA_SITE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{10,100}$/, 'must be a reCAPTCHA site key')
    .optional(),
  RECAPTCHA_SECRET_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{10,100}$/, 'must be a reCAPTCHA secret key')
    .optional(),
  /** reCAPTCHA v3 scores below this are refused (0.0 is a bot, 1.0 a person). */
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /**
   * The hostnames a reCAPTCHA token may have been made on (Google's answer names one), when the
   * shop answers on several; unset, PUBLIC_URL's host alone (docs/security.md 'Bot protection').
   */
  RECAPTCHA_HOSTNAMES: commaList
    .refine((hosts) => hosts.length > 0 && hosts.every((host) => HOSTNAME_PATTERN.test(host)), {
      error: 'must be hostnames without scheme or port (e.g. shop.example.com, www.shop.example.com), comma-separated',
    })
    .optional(),
});

export type Config = Omit<z.infer<typeof configSchema>, 'PAGE_CACHE_TTL_SECONDS' | 'CONTENT_CACHE_TTL_SECONDS'> & {
  PAGE_CACHE_TTL_SECONDS: number;
  CONTENT_CACHE_TTL_SECONDS: number;
  /** The BigCommerce store's settings with COMMERCE_PROVIDER=bigcommerce; null with the embedded engine. */
  bigcommerce: BigCommerceSettings | null;
  /** The Stripe account with PAYMENT_PROVIDER=stripe; null with the test provider. */
  stripe: StripeSettings | null;
};

/**
 * The content and page caches' defaults (docs/content.md 'Cache policy'). An embedded content
 * write is announced to every instance, which then clears both caches, so they may keep answers
 * (30 s and 10 s, a limit for when an instance cannot hear). A hosted stack's publishes are
 * not announced here: content is read on every page view (spec §9: ignore the cache) and pages
 * are not kept, so an edit shows on the next view. Set either variable to trade that for load.
 */
function withCacheDefaults(config: z.infer<typeof configSchema>): Omit<Config, 'bigcommerce' | 'stripe'> {
  const hostedContent = config.CONTENT_BASE_URL !== undefined;
  return {
    ...config,
    CONTENT_CACHE_TTL_SECONDS: config.CONTENT_CACHE_TTL_SECONDS ?? (hostedContent ? 0 : 30),
    PAGE_CACHE_TTL_SECONDS: config.PAGE_CACHE_TTL_SECONDS ?? (hostedContent ? 0 : 10),
  };
}

/**
 * CONTENT_REGION names the hosted delivery API when CONTENT_BASE_URL does not. A branch other
 * than main needs a hosted stack: the embedded content service has only main.
 */
function withContentHost(config: z.infer<typeof configSchema>): z.infer<typeof configSchema> {
  const baseUrl =
    config.CONTENT_BASE_URL ??
    (config.CONTENT_REGION === undefined ? undefined : contentDeliveryBaseUrl(config.CONTENT_REGION));
  const branch = config.CONTENT_BRANCH;
  if (baseUrl === undefined && branch !== undefined && branch !== DEFAULT_CONTENT_BRANCH) {
    throw new ConfigError([
      `CONTENT_BRANCH: the embedded content service has only the branch ${DEFAULT_CONTENT_BRANCH}; ` +
        "set CONTENT_REGION or CONTENT_BASE_URL to read a hosted stack's branch",
    ]);
  }
  return { ...config, CONTENT_BASE_URL: baseUrl };
}

/**
 * Read at start with COMMERCE_PROVIDER=bigcommerce, so a missing or malformed store setting stops
 * the server with the variable's name rather than failing on the first page.
 */
function bigCommerceSettings(
  config: z.infer<typeof configSchema>,
  env: Record<string, string | undefined>,
): BigCommerceSettings | null {
  if (config.COMMERCE_PROVIDER !== 'bigcommerce') return null;
  try {
    return readBigCommerceSettings(env);
  } catch (error) {
    if (error instanceof BigCommerceSettingsError) throw new ConfigError(error.problems);
    throw error;
  }
}

/**
 * Read at start with PAYMENT_PROVIDER=stripe, so a missing key stops the server with its name
 * rather than failing at the first payment (docs/providers/stripe.md 'Configuration').
 */
function stripeSettings(config: z.infer<typeof configSchema>): StripeSettings | null {
  if (config.PAYMENT_PROVIDER !== 'stripe') return null;
  if (config.COMMERCE_PROVIDER === 'bigcommerce') {
    throw new ConfigError([
      "PAYMENT_PROVIDER: stripe needs COMMERCE_PROVIDER=embedded; with bigcommerce, BigCommerce's checkout takes payments",
    ]);
  }
  const {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PUBLISHABLE_KEY: publishableKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
  } = config;
  if (secretKey && publishableKey && webhookSecret) return { secretKey, publishableKey, webhookSecret };
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter(
    (name) => !config[name],
  );
  throw new ConfigError(missing.map((name) => `${name}: is required with PAYMENT_PROVIDER=stripe`));
}

/** Whether `hostname` (a URL's, IPv6 in brackets) is this machine: localhost, 127.0.0.0/8 or ::1. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '::ffff:7f00:1' || /^::ffff:127\./.test(host);
}

/**
 * Settings that work on a laptop and are unsafe or broken on a real shop (docs/operations.md
 * 'Configuration and start-up'), refused when the operator runs in production: NODE_ENV=production
 * set in the environment or `.env`, not defaulted by `npm start` (PISTE_LOCAL_RUN).
 */
function productionRefusals(
  config: z.infer<typeof configSchema>,
  present: Record<string, string | undefined>,
): string[] {
  if (present.NODE_ENV !== 'production' || config.PISTE_LOCAL_RUN) return [];
  const problems: string[] = [];
  if (config.MAIL_VIEWER) {
    problems.push('MAIL_VIEWER: must be off in production: it shows every email, reset links included, to anyone');
  }
  if (present.PUBLIC_URL === undefined) {
    problems.push(
      "PUBLIC_URL: must be set in production to the shop's public origin: the default, http://localhost:3000, " +
        "would send shoppers' email links to their own machine",
    );
  } else if (isLoopbackHost(new URL(config.PUBLIC_URL).hostname)) {
    problems.push(
      `PUBLIC_URL: must be the shop's public origin in production, not ${new URL(config.PUBLIC_URL).host}: ` +
        "email links would point at the shopper's own machine",
    );
  }
  if (config.BOT_PROTECTION === 'altcha' && !config.BOT_PROTECTION_SECRET && config.REDIS_URL) {
    problems.push(
      'BOT_PROTECTION_SECRET: must be set in production when instances share sessions (REDIS_URL): ' +
        'each would draw its own, and a challenge from one would fail on another',
    );
  }
  if (config.CONTENT_BASE_URL !== undefined) {
    for (const name of ['CONTENT_API_KEY', 'CONTENT_DELIVERY_TOKEN'] as const) {
      if (config[name] === EMBEDDED_CONTENT_KEYS[name]) {
        problems.push(
          `${name}: must be your stack's own in production with a hosted content stack (CONTENT_BASE_URL or ` +
            "CONTENT_REGION): the default is the embedded demo's, published with the code",
        );
      }
    }
  }
  return problems;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; a bad value throws a ConfigError naming each offending variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value means "not set", as in a .env file with `NAME=`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(present);
  if (parsed.success) {
    const { data } = parsed;
    if (data.BOT_PROTECTION === 'recaptcha' && (!data.RECAPTCHA_SITE_KEY || !data.RECAPTCHA_SECRET_KEY)) {
      throw new ConfigError(['BOT_PROTECTION: recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY']);
    }
    // Tokens are checked against the shop's hostnames: the default localhost would refuse every shopper.
    if (data.BOT_PROTECTION === 'recaptcha' && present.PUBLIC_URL === undefined && !data.RECAPTCHA_HOSTNAMES) {
      throw new ConfigError([
        "BOT_PROTECTION: recaptcha checks the hostname of each token; set PUBLIC_URL (the shop's origin) or RECAPTCHA_HOSTNAMES",
      ]);
    }
    const withHost = withContentHost(data);
    const refusals = productionRefusals(withHost, present);
    if (refusals.length > 0) throw new ConfigError(refusals);
    return {
      ...withCacheDefaults(withHost),
      bigcommerce: bigCommerceSettings(data, present),
      stripe: stripeSettings(data),
    };
  }
  throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
}

/** Where the test payment provider's own origin is (TEST_PAYMENTS_URL, else PUBLIC_URL on TEST_PAYMENTS_PORT). */
export function testPaymentsUrlOf(
  config: Pick<Config, 'TEST_PAYMENTS_URL' | 'TEST_PAYMENTS_PORT' | 'PUBLIC_URL' | 'PORT'>,
): string {
  if (config.TEST_PAYMENTS_URL) return config.TEST_PAYMENTS_URL.replace(/\/+$/, '');
  const url = new URL(config.PUBLIC_URL);
  url.port = String(config.TEST_PAYMENTS_PORT ?? config.PORT + 1);
  return url.origin;
}
