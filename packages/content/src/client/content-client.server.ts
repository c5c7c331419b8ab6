import { DEFAULT_LOCALE } from '@piste/core';
import { createCatalogueContent } from './catalogue-content.server';
import type { ContentClient } from './content-client-contract';
import type { ContentLogger, DeliveryTransport } from './delivery-transport';
import { createDeliveryReads } from './delivery-reads.server';
import { createEditorialContent } from './editorial-content.server';
import { createNamedQueryKit } from './named-queries.server';
import { createSiteContent } from './site-content.server';

export { CONTENT_PAGE_SIZE } from './delivery-reads.server';

export interface ContentClientOptions {
  transport: DeliveryTransport;
  logger: ContentLogger;
  /** The master locale: the only one read without fallback. */
  defaultLocale?: string;
}

/**
 * The ContentClient contract over the delivery API, built once per process and handed to
 * loaders. `entries`, `entry` and `references` reject like the transport; every named query
 * instead degrades as spec §8 says (content-client-contract.ts). The transport tracks outages
 * and caches responses.
 */
export function createContentClient(options: ContentClientOptions): ContentClient {
  const { transport, logger, defaultLocale = DEFAULT_LOCALE } = options;
  const reads = createDeliveryReads(transport, defaultLocale);
  const kit = createNamedQueryKit(reads.entries, logger, defaultLocale);
  return {
    ...reads,
    lastUnavailableAt: () => transport.lastUnavailableAt(),
    ...createSiteContent(kit),
    ...createCatalogueContent(kit),
    ...createEditorialContent(kit),
  };
}
