import type { ImageSize, ResponseCache } from '@piste/commerce/server';
import type { Db } from '@piste/db';
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
  /**
   * Our own database, for what BigCommerce does not keep: the email outbox (password-reset and
   * welcome emails are ours) and the pro codes the merchant issues (docs/providers/bigcommerce.md).
   */
  db: Db;
}
