import type { ImageSize, ResponseCache, OutboxWriter } from '@piste/commerce/server';
import type { BigCommerceClient, BigCommerceLogger } from '../client/bigcommerce-client';
import type { BigCommerceSettings } from '../settings';

/** What every part of the BigCommerce provider is built with. */
export interface BigCommerceProviderDeps {
  settings: BigCommerceSettings;
  client: BigCommerceClient;
  /** Our media service's URL for a product image (BigCommerce's own image URLs are not shown). */
  imageUrl: (mediaId: string, size: ImageSize) => string;
  /** Keeps catalogue answers; webhooks clear it (docs/providers/bigcommerce.md 'Freshness'). */
  cache: ResponseCache;
  logger: BigCommerceLogger;
  /** The shop's public origin, for links in emails and checkout return addresses (PUBLIC_URL). */
  publicUrl: string;
  /** Our email outbox: BigCommerce sends no password-reset emails of ours, so we queue them here. */
  outbox: OutboxWriter;
}
