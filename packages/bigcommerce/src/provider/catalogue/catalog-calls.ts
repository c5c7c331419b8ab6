import { z } from 'zod';
import { BigCommerceError } from '../../client/bigcommerce-error';
import type { BigCommerceProviderDeps } from '../provider-deps';
import {
  wireCategorySchema,
  wireOptionSchema,
  wirePriceRecordSchema,
  wireProductSchema,
  wireVariantSchema,
  type WireCategory,
  type WireOption,
  type WirePriceRecord,
  type WireProduct,
  type WireVariant,
} from './catalog-wire';

/** Every sub-resource a catalogue answer may show: one call per product list, whatever was asked. */
const FULL_INCLUDE = ['variants', 'images', 'custom_fields', 'options'];
/** Ids per `:in` filter: keeps each URL short however many ids are asked for. */
const IDS_PER_CALL = 100;

export type ProductSort = 'id' | 'name' | 'sku' | 'date_modified';

function chunks<T>(items: readonly T[], size = IDS_PER_CALL): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** A 404 from BigCommerce as null (the caller answers its own NOT_FOUND); anything else goes on. */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof BigCommerceError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The catalog calls, each answer read with its schema and kept in the response cache (webhooks
 * clear it). Lists are read to their last page; id filters are batched.
 */
export function createCatalogCalls(deps: Pick<BigCommerceProviderDeps, 'client' | 'cache'>) {
  const { client, cache } = deps;
  const remember = <T extends object>(key: unknown[], compute: () => Promise<T>) =>
    cache.remember(JSON.stringify(['bigcommerce-catalog', ...key]), compute);

  async function allProducts(call: string, query: Record<string, string | number | number[]>) {
    const data = await client.v3All<unknown>('/catalog/products', { ...query, include: FULL_INCLUDE });
    return client.parse(call, z.array(wireProductSchema), data);
  }

  return {
    /** Products by id and/or category, every page (`GET /v3/catalog/products`). */
    products(filter: { ids?: readonly number[]; categoryId?: number; visibleOnly: boolean }): Promise<WireProduct[]> {
      const ids = filter.ids ? [...new Set(filter.ids)].sort((a, b) => a - b) : undefined;
      return remember(['products', ids, filter.categoryId, filter.visibleOnly], async () => {
        const base = {
          ...(filter.visibleOnly ? { is_visible: 'true' } : {}),
          ...(filter.categoryId === undefined ? {} : { 'categories:in': [filter.categoryId] }),
        };
        if (!ids) return allProducts('GET /v3/catalog/products', base);
        const pages = await Promise.all(
          chunks(ids).map((batch) => allProducts('GET /v3/catalog/products', { ...base, 'id:in': batch })),
        );
        return pages.flat();
      });
    },

    /** One page of visible products, sorted by BigCommerce (`GET /v3/catalog/products?page&limit&sort`). */
    productPage(query: {
      ids?: number[];
      categoryIds?: number[];
      sort: ProductSort;
      direction: 'asc' | 'desc';
      page: number;
      limit: number;
    }): Promise<{ products: WireProduct[]; total: number }> {
      return remember(['product-page', query], async () => {
        const answer = await client.v3<unknown>('/catalog/products', {
          query: {
            is_visible: 'true',
            'id:in': query.ids,
            'categories:in': query.categoryIds,
            sort: query.sort,
            direction: query.direction,
            page: query.page,
            limit: query.limit,
            include: FULL_INCLUDE,
          },
        });
        const call = 'GET /v3/catalog/products';
        const products = client.parse(call, z.array(wireProductSchema), answer.data);
        const total = client.parse(call, z.number().int().min(0), answer.meta.pagination?.total);
        return { products, total };
      });
    },

    /** One product with every sub-resource, or null when BigCommerce has none (`GET /v3/catalog/products/{id}`). */
    async product(id: number): Promise<WireProduct | null> {
      const found = await remember(['product', id], async () => {
        const answer = await orNull(
          client.v3<unknown>(`/catalog/products/${id}`, { query: { include: FULL_INCLUDE } }),
        );
        return { product: answer && client.parse('GET /v3/catalog/products/{id}', wireProductSchema, answer.data) };
      });
      return found.product;
    },

    /** `GET /v3/catalog/products/{id}/options`. */
    options(productId: number): Promise<WireOption[]> {
      return remember(['options', productId], async () =>
        client.parse(
          'GET /v3/catalog/products/{id}/options',
          z.array(wireOptionSchema),
          await client.v3All<unknown>(`/catalog/products/${productId}/options`),
        ),
      );
    },

    /** `GET /v3/catalog/products/{id}/variants`. */
    productVariants(productId: number): Promise<WireVariant[]> {
      return remember(['product-variants', productId], async () =>
        client.parse(
          'GET /v3/catalog/products/{id}/variants',
          z.array(wireVariantSchema),
          await client.v3All<unknown>(`/catalog/products/${productId}/variants`),
        ),
      );
    },

    /** `GET /v3/catalog/products/{id}/variants/{variantId}`, or null when there is none. */
    async productVariant(productId: number, variantId: number): Promise<WireVariant | null> {
      const found = await remember(['product-variant', productId, variantId], async () => {
        const answer = await orNull(client.v3<unknown>(`/catalog/products/${productId}/variants/${variantId}`));
        return {
          variant:
            answer && client.parse('GET /v3/catalog/products/{id}/variants/{id}', wireVariantSchema, answer.data),
        };
      });
      return found.variant;
    },

    /** Variants by product, id or sku, every page (`GET /v3/catalog/variants`). */
    variants(filter: { productIds?: number[]; id?: number; sku?: string }): Promise<WireVariant[]> {
      return remember(['variants', filter], async () =>
        client.parse(
          'GET /v3/catalog/variants',
          z.array(wireVariantSchema),
          await client.v3All<unknown>('/catalog/variants', {
            'product_id:in': filter.productIds,
            'id:in': filter.id === undefined ? undefined : [filter.id],
            sku: filter.sku,
          }),
        ),
      );
    },

    /** Every category of the store's tree (`GET /v3/catalog/trees/categories`). */
    categories(): Promise<WireCategory[]> {
      return remember(['categories'], async () =>
        client.parse(
          'GET /v3/catalog/trees/categories',
          z.array(wireCategorySchema),
          await client.v3All<unknown>('/catalog/trees/categories'),
        ),
      );
    },

    /** A price list's records of these variants in its currency (`GET /v3/pricelists/{id}/records`). */
    async priceRecords(
      priceListId: number,
      currency: string,
      variantIds: readonly number[],
    ): Promise<Map<number, WirePriceRecord>> {
      const ids = [...new Set(variantIds)].sort((a, b) => a - b);
      const records = await remember(['prices', priceListId, currency, ids], async () => {
        const pages = await Promise.all(
          chunks(ids).map(async (batch) =>
            client.parse(
              'GET /v3/pricelists/{id}/records',
              z.array(wirePriceRecordSchema),
              await client.v3All<unknown>(`/pricelists/${priceListId}/records`, {
                'variant_id:in': batch,
                currency: currency.toLowerCase(),
              }),
            ),
          ),
        );
        return pages.flat();
      });
      return new Map(records.map((record) => [record.variant_id, record]));
    },
  };
}

export type CatalogCalls = ReturnType<typeof createCatalogCalls>;
