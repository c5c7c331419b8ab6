import { z } from 'zod';
import { TAG_MANAGER_ID_PATTERN } from '@piste/core';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean),
);

/**
 * Every setting the server reads, with its default. `.env.example` lists the same names;
 * `config.test.ts` checks that the two agree.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Postgres connection string; unset means PGlite in-process with data under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  /**
   * Redis, so that several instances share sessions and rate limits; unset means sessions in
   * the database and rate limits in process memory.
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  /** Load demo data at start (idempotent). */
  SEED_ON_START: booleanFlag.default(true),
  /** Trust X-Forwarded-* from a proxy in front (needed for the real client IP and https). */
  TRUST_PROXY: booleanFlag.default(false),
  /** CDN headers carrying the visitor's country, trusted only when listed (e.g. cf-ipcountry). */
  GEO_COUNTRY_HEADERS: commaList.default([]),
  /** Seconds a graceful shutdown may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** How long catalogue answers stay in the in-process cache; 0 turns the cache off. */
  CATALOGUE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
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
  /** The content stack's keys (docs/content.md); the defaults are the embedded service's. */
  CONTENT_API_KEY: z.string().min(1).max(200).default('piste_demo_stack'),
  CONTENT_DELIVERY_TOKEN: z.string().min(1).max(200).default('piste_demo_delivery'),
  CONTENT_ENVIRONMENT: z.string().min(1).max(100).default('production'),
  /** A hosted Contentstack delivery API ending in /v3 (e.g. https://cdn.contentstack.io/v3); unset means the embedded service. */
  CONTENT_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /**
   * How long the storefront reuses a content answer (cache policy 1, cache else network); 0
   * reads the content service on every request (policy -1, the spec §9 default).
   */
  CONTENT_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
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
  /** The engine searched (App Search engine names: lowercase letters, digits and dashes). */
  SEARCH_ENGINE: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be lowercase letters, digits and dashes')
    .default('piste'),
  /**
   * Map tiles for the store locator (`{z}/{x}/{y}` placeholders, e.g. a tile server you run or
   * license); unset, the locator lists dealers without a map.
   */
  /**
   * The tag-manager container (GTM-…): set, the storefront reports list views and selections to
   * the data layer (spec §7 'Analytics events go to a data layer only when tracking is enabled').
   */
  TAG_MANAGER_ID: z
    .string()
    .regex(TAG_MANAGER_ID_PATTERN, 'must be GTM- followed by uppercase letters or digits')
    .optional(),
  STORE_MAP_TILE_URL: z
    .string()
    .regex(/^https:\/\/[^\s]+\{z\}[^\s]*\{x\}[^\s]*\{y\}/, 'must be an https:// URL with {z}, {x} and {y}')
    .optional(),
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
});

export type Config = z.infer<typeof configSchema>;

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
  if (parsed.success) return parsed.data;
  throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
}
