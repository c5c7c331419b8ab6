import type { BigCommerceSettings } from '@piste/bigcommerce';
import type { StripeSettings } from '@piste/payments-stripe';
import {
  createOutboxService,
  resolveCommerceRegion,
  ResponseCache,
  type CustomerStatus,
  type ImageSize,
  type ProductFactsReader,
  type ShopperContext,
} from '@piste/commerce/server';
import {
  CachePolicy,
  createContentClient,
  createContentProductIndex,
  createContentStore,
  createEmailSignupService,
  createDeliveryApi,
  createDeliveryTransport,
  type ContentLogger,
  type DeliveryKeys,
} from '@piste/content/server';
import type { Database, Db } from '@piste/db';
import { createSearchClient } from '@piste/search';
import { createClickStore, createSearchApi, createSearchEngine, createSearchIndexSync } from '@piste/search/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createAccountFlows } from './accounts/account-flows';
import { createBackgroundWork } from './background-work';
import { createBotProtection, type BotProtectionSettings } from './bot-protection/create-bot-protection';
import { createCommerceProvider } from './commerce-provider';
import { createPaymentWebhookDelivery } from './payment-webhook-delivery';
import type { MediaMetadata } from './media-metadata';
import { createSeoPages } from './seo/seo-pages';
import { createRateLimits, createSessionStore } from './sessions/index';

/** The in-process stand-in for a hosted stack's host: requests never leave the process. */
const EMBEDDED_CONTENT_BASE_URL = 'http://content.embedded/v3';
/** The embedded search engine's in-process stand-in host, and where browsers reach it. */
const EMBEDDED_SEARCH_ENDPOINT = 'http://search.embedded/api/as/v1';
const EMBEDDED_SEARCH_BROWSER_ENDPOINT = '/api/search/api/as/v1';
/** How long the server reuses a hosted search engine's answer. */
const HOSTED_SEARCH_CACHE_TTL_MS = 30_000;
/**
 * How long a page waits for a hosted search engine before it says search is unavailable
 * (spec §8): a hung engine must not hang the page.
 */
const HOSTED_SEARCH_TIMEOUT_MS = 3_000;
/**
 * How long a locale's content products stay indexed before they are read again: an embedded
 * content write clears them at once; a hosted stack's are kept no longer than other content.
 */
const CONTENT_PRODUCTS_TTL_MS = 60_000;

/** Widths of the catalogue's image sizes (BigCommerce's zoom/standard/thumbnail/tiny). */
const IMAGE_WIDTHS: Record<ImageSize, number> = { zoom: 1280, standard: 500, thumbnail: 220, tiny: 44 };

/**
 * The content stack's keys; a hosted delivery API's root (…/v3) when one is read instead of the
 * embedded one; the branch sent as the `branch` header (CONTENT_BRANCH); the cache's TTL.
 */
interface ContentSettings extends DeliveryKeys {
  baseUrl?: string;
  branch?: string;
  cacheTtlSeconds: number;
}

/**
 * Domain services, built once per process and shared by `/api` and by SSR loaders (through
 * the load context), so a page and an API call see the same catalogue and the same cache.
 */
export function createServices(
  database: Database,
  options: {
    /** The media service and the brand's alias (spec §9 'Images': "a brand-specific default image alias"). */
    media: { baseUrl: string; alias: string };
    catalogueCacheTtlSeconds: number;
    content: ContentSettings;
    mediaMetadata: MediaMetadata;
    logger: FastifyBaseLogger;
    /** The shop's public origin, for links in emails (PUBLIC_URL). */
    publicUrl: string;
    /** Shared sessions and rate limits across instances (REDIS_URL); null keeps them in the database and memory. */
    redis: Redis | null;
    /** The search engine's name and public key, and a hosted App Search API root (…/api/as/v1) when one is used. */
    search: SearchSettings;
    /** Which bot check guards the protected forms and calls (docs/security.md 'Bot protection'). */
    botProtection: BotProtectionSettings;
    /** The BigCommerce store that keeps commerce (COMMERCE_PROVIDER=bigcommerce); null runs the embedded engine. */
    bigcommerce?: BigCommerceSettings | null;
    /** The embedded test payment provider's origin and webhook secret (TEST_PAYMENTS_URL, TEST_PAYMENTS_WEBHOOK_SECRET). */
    testPayments: { url: string; webhookSecret: string };
    /** The Stripe account that takes payments instead (PAYMENT_PROVIDER=stripe); null or unset, the test provider. */
    stripe?: StripeSettings | null;
    /** Hears each catalogue and content cache lookup's outcome (the /metrics hit ratio). */
    onCacheLookup?: (cache: 'catalogue' | 'content', hit: boolean) => void;
  },
) {
  const { db } = database;
  const content = createContentServices(db, options.content, options.logger, (hit) =>
    options.onCacheLookup?.('content', hit),
  );
  const imageUrl = (mediaId: string, size: ImageSize) =>
    `${options.media.baseUrl}/i/${options.media.alias}/${encodeURIComponent(mediaId)}?w=${IMAGE_WIDTHS[size]}&fmt=auto`;
  const catalogueCache = new ResponseCache({
    ttlMs: options.catalogueCacheTtlSeconds * 1000,
    onLookup: (hit) => options.onCacheLookup?.('catalogue', hit),
  });
  const backgroundWork = createBackgroundWork(options.logger);
  const paymentWebhooks = createPaymentWebhookDelivery(backgroundWork, options.logger);
  const { port: commerce, embeddedOnly } = createCommerceProvider(db, {
    bigcommerce: options.bigcommerce ?? null,
    imageUrl,
    cache: catalogueCache,
    publicUrl: options.publicUrl,
    testPayments: { ...options.testPayments, deliver: paymentWebhooks.deliver },
    stripe: options.stripe ?? null,
    logger: options.logger,
  });
  const search = createSearchServices(database, options.search, content, commerce.productFacts, options.logger);
  const { catalogue, cart, customers } = commerce;
  const sessions = createSessionStore({ db, redis: options.redis });
  const rateLimits = createRateLimits({ redis: options.redis });
  const botProtection = createBotProtection(options.botProtection, db, options.logger);
  return {
    /** The server's log, for failures a page degrades past (spec §8: "only logged (with a store-specific label)"). */
    logger: options.logger,
    /** Commerce, whichever provider keeps it (docs/architecture.md 'Commerce providers'). */
    commerce,
    catalogue,
    store: commerce.store,
    /** Carts (spec §3 'Cart'): priced on every read in the caller's region. */
    cart,
    /** Zones, methods and quotes (spec §3 'Shipping zone', 'Shipping method', 'Shipping settings'). */
    shipping: commerce.shipping,
    /** Taxes and payments of our own checkout; null when BigCommerce takes orders. */
    embeddedOnly,
    /** The test payment provider's webhook deliveries; the app connects them to its own webhook route. */
    paymentWebhooks,
    /** Our own checkout (docs/checkout.md); null when BigCommerce's hosted checkout takes orders. */
    checkout: commerce.checkout,
    /** BigCommerce's hosted checkout, where the checkout page hands the shopper over; null embedded. */
    hostedCheckout: commerce.hostedCheckout,
    orders: commerce.orders,
    content,
    /** Site search (docs/search.md): the embedded engine, or a hosted one, and its clients. */
    search,
    /** The content half of products (DESIGN §5), indexed per content locale for joins with commerce. */
    contentProducts: createContentProductIndex(content.client, {
      ttlMs: options.content.baseUrl
        ? Math.min(CONTENT_PRODUCTS_TTL_MS, options.content.cacheTtlSeconds * 1000)
        : CONTENT_PRODUCTS_TTL_MS,
      logger: content.logger,
    }),
    mediaMetadata: options.mediaMetadata,
    /** Newsletter subscriptions from the footer form (spec §3 'Email signup settings'). */
    emailSignups: createEmailSignupService(db),
    /** Customers, address books, password resets and pro status (docs/accounts.md). */
    customers,
    customerGroups: commerce.customerGroups,
    /** Signed-in sessions: the database, or Redis when configured (docs/security.md). */
    sessions,
    rateLimits,
    /** Sign-in, sign-up, sign-out and password reset, for the API and the account pages alike. */
    accounts: createAccountFlows({
      customers,
      sessions,
      rateLimits,
      cart,
      botProtection: botProtection.protection,
      backgroundWork,
    }),
    /** What requests start and do not wait for (a password reset's email); the app waits for it when it closes. */
    backgroundWork,
    /** The bot check of login, sign-up, pro signup, password reset, the newsletter and checkout. */
    botProtection,
    /** Which locales a page exists in, and the sitemaps' pages (docs/seo.md). */
    seo: createSeoPages({ content: content.client, catalogue, logger: content.logger, publicUrl: options.publicUrl }),
    /** Emails waiting for SMTP, and the mail viewer's list (docs/email.md). */
    outbox: createOutboxService(db),
    /**
     * The shopper of a request in a commerce region: the signed-in customer's group prices
     * apply (spec §3 'Customer state': customerDiscount).
     */
    shopperIn: (bcRegion: string, customer?: CustomerStatus | null): ShopperContext => ({
      region: resolveCommerceRegion(bcRegion),
      priceAdjustment: customer?.priceAdjustment,
      customerGroupId: customer?.group?.id,
    }),
  };
}

/**
 * The embedded content service (docs/content.md): its store and its Contentstack-style
 * delivery API, the keys requests must carry, and the client pages read with. `baseUrl` names
 * a hosted stack to read instead; unset, the client calls `deliveryApi.handle` in-process, so
 * SSR never makes an HTTP round trip to its own server.
 */
/** Content's store, delivery API and client; also built alone by `npm run search:index-hosted`. */
export function createContentServices(
  db: Db,
  { baseUrl, branch, cacheTtlSeconds, ...keys }: ContentSettings,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  onCacheLookup: (hit: boolean) => void,
) {
  const store = createContentStore(db, { environment: keys.environment });
  const deliveryApi = createDeliveryApi({ store, keys });
  const logger: ContentLogger = {
    warn: (message, details) => log.warn({ details }, message),
    error: (message, details) => log.error({ err: details }, message),
  };
  const transport = createDeliveryTransport({
    baseUrl: baseUrl ?? EMBEDDED_CONTENT_BASE_URL,
    apiKey: keys.apiKey,
    deliveryToken: keys.deliveryToken,
    environment: keys.environment,
    // Sent to the embedded service too, which answers main and refuses any other branch.
    branch,
    logger,
    fetch: baseUrl ? undefined : (input, init) => deliveryApi.handle(new Request(input, init)),
    // In-process reads fail only with the database, which pages and the API tell apart by
    // themselves; a hosted service that stops answering is skipped for a few seconds.
    failFastMs: baseUrl ? undefined : 0,
    // Pages read the same header, texts and settings on every request: a short reuse spares
    // the content service. Embedded writes clear it on every instance (cache-clearing.ts); a
    // hosted stack's default is 0, reading on every request (config.ts withCacheDefaults).
    cachePolicy: cacheTtlSeconds > 0 ? CachePolicy.CACHE_ELSE_NETWORK : CachePolicy.IGNORE_CACHE,
    cache: { ttlMs: cacheTtlSeconds * 1000, maxEntries: 2_000, onLookup: onCacheLookup },
  });
  const client = createContentClient({ transport, logger });
  return { store, deliveryApi, keys, baseUrl, client, logger, clearCache: () => transport.clearCache() };
}

interface SearchSettings {
  engineName: string;
  searchKey: string;
  endpoint?: string;
}

/**
 * Site search (docs/search.md). Embedded: an in-process engine kept in step with the
 * database by `sync`, served over HTTP by `api`; the server's `client` calls `api.handle`
 * in-process, so SSR never makes an HTTP round trip. Hosted (`endpoint` set): no engine here,
 * and both clients talk to the hosted App Search API. `browser` is what pages hand the
 * browser's client; the search key is public and read-only.
 */
function createSearchServices(
  database: Database,
  { engineName, searchKey, endpoint }: SearchSettings,
  content: ReturnType<typeof createContentServices>,
  productFacts: ProductFactsReader,
  log: FastifyBaseLogger,
) {
  const clicks = createClickStore(database.db);
  // A hosted engine is sent App Search's documented parameters only (search-client.ts documentedBody).
  const browser = {
    endpointBase: endpoint ?? EMBEDDED_SEARCH_BROWSER_ENDPOINT,
    engineName,
    searchKey,
    hosted: !!endpoint,
  };
  if (endpoint) {
    const client = createSearchClient({
      ...browser,
      cacheTtlMs: HOSTED_SEARCH_CACHE_TTL_MS,
      timeoutMs: HOSTED_SEARCH_TIMEOUT_MS,
    });
    return { engine: null, api: null, sync: null, clicks, client, browser };
  }
  // pino serialises an error only under `err`; other details go under `details`.
  const fields = (details: unknown) => (details instanceof Error ? { err: details } : { details });
  const logger = {
    info: (message: string, details?: unknown) => log.info(fields(details), message),
    warn: (message: string, details?: unknown) => log.warn(fields(details), message),
    error: (message: string, details?: unknown) => log.error(fields(details), message),
  };
  const engine = createSearchEngine({ name: engineName });
  const sync = createSearchIndexSync({
    database,
    engine,
    productFacts,
    content: { client: content.client, keys: { apiKey: content.keys.apiKey, environment: content.keys.environment } },
    logger,
  });
  const api = createSearchApi({ engine, searchKey, clicks, logger, indexBuilt: sync.built });
  // In-process answers are always fresh: caching them would only delay the index's updates.
  const client = createSearchClient({
    endpointBase: EMBEDDED_SEARCH_ENDPOINT,
    engineName,
    searchKey,
    cacheResponses: false,
    fetch: (input, init) => api.handle(new Request(input, init)),
  });
  return { engine, api, sync, clicks, client, browser };
}

export type Services = ReturnType<typeof createServices>;
