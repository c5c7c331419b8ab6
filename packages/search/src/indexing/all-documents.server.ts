import type { ProductFactsReader } from '@piste/commerce';
import type { ContentClient } from '@piste/content/server';
import type { SearchDocument } from '../search-document';
import { loadContentDocuments } from './content-documents.server';
import type { DocumentSource } from './document-fields';
import {
  buildProductDocuments,
  commerceIdsOf,
  readContentProducts,
  type ContentProducts,
} from './product-documents.server';

/**
 * Every search document of the shop, products and content, in each of `locales`: what the
 * embedded engine's full build indexes (search-sync.server.ts) and what
 * `npm run search:index-hosted` sends to a hosted engine. `productFacts` reads the commerce half
 * from whichever provider keeps commerce; `content` is the products' content half, which the
 * sync keeps for later product updates.
 */
export async function buildSearchDocuments(
  productFacts: ProductFactsReader,
  client: ContentClient,
  source: DocumentSource,
  locales: readonly string[],
): Promise<{ documents: SearchDocument[]; content: ContentProducts }> {
  const content = await readContentProducts(client, locales);
  const [facts, contentDocuments] = await Promise.all([
    productFacts(commerceIdsOf(content)),
    loadContentDocuments(client, source, locales),
  ]);
  return { documents: [...buildProductDocuments(content, facts, source), ...contentDocuments], content };
}
