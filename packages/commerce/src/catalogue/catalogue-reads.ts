import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@piste/db';
import type { ResponseCache } from '../response-cache';
import { categories, products } from '../schema/index';
import type { ShopperContext } from '../shopper-context';
import type { CatalogueReads } from './catalogue-contract';
import {
  paginate,
  pickFields,
  type CategoryDto,
  type CategoryTreeNodeDto,
  type ItemResponse,
  type ListResponse,
  type ProductDto,
  type ProductInventoryDto,
  type ProductOptionDto,
  type VariantDto,
} from './dto';
import { notFound, shopperCacheKey, toCategoryDto, type ProductHydration } from './product-hydration';
import { loadProductGraph, loadProductRecords } from './product-graph';
import type { ProductQuery } from './query-schemas';
import { productInventory } from './stock-rules';

/** The catalogue's reads of the embedded engine: one product, category or stock answer at a time. */
export function createCatalogueReads(
  db: Db,
  options: { cache: ResponseCache; hydration: ProductHydration },
): CatalogueReads {
  const { cache } = options;
  const { hydrateProducts, findVisibleProduct, loadOptions } = options.hydration;

  /** `GET products/{id}/variants`. */
  async function listProductVariants(shopper: ShopperContext, id: number): Promise<ListResponse<VariantDto>> {
    const row = await findVisibleProduct(id);
    const [product] = await hydrateProducts(shopper, [row], ['variants']);
    const data = product!.variants ?? [];
    return { data, meta: { pagination: paginate(data.length, data.length, 1, Math.max(1, data.length)) } };
  }

  /** `GET category/products/inventory`: stock of the given products and their variants. */
  async function inventory(ids: number[]): Promise<{ data: ProductInventoryDto[] }> {
    const { rows } = await loadProductRecords(db, { where: inArray(products.id, ids), orderBy: [asc(products.id)] });
    if (rows.length === 0) return { data: [] };
    const graph = await loadProductGraph(db, {
      productIds: rows.map((row) => row.id),
      priceListRegion: 'us',
      withOptions: false,
      withImages: false,
      withCustomFields: false,
    });
    return {
      data: rows.map((product) =>
        productInventory(
          product,
          graph.variants.filter((variant) => variant.product_id === product.id),
        ),
      ),
    };
  }

  return {
    /** `GET products/{id}`. */
    getProduct(shopper: ShopperContext, id: number, query: ProductQuery): Promise<ItemResponse<ProductDto>> {
      return cache.remember(shopperCacheKey('product', shopper, [id, query]), async () => {
        const row = await findVisibleProduct(id);
        const include = query.include ?? [];
        const [product] = await hydrateProducts(shopper, [row], include);
        return { data: pickFields(product!, query.include_fields, include), meta: {} };
      });
    },

    /** `GET products/{id}/options`. */
    async listProductOptions(id: number): Promise<ListResponse<ProductOptionDto>> {
      await findVisibleProduct(id);
      const data = await loadOptions(id);
      return { data, meta: { pagination: paginate(data.length, data.length, 1, Math.max(1, data.length)) } };
    },

    listProductVariants,

    /** `GET products/{id}/variants/{variantId}`. */
    async getProductVariant(shopper: ShopperContext, id: number, variantId: number): Promise<ItemResponse<VariantDto>> {
      const { data } = await listProductVariants(shopper, id);
      const variant = data.find((candidate) => candidate.id === variantId);
      if (!variant) throw notFound(`Variant of product ${id}:`, variantId);
      return { data: variant, meta: {} };
    },

    /** `GET categories/{id}`. */
    async getCategory(id: number): Promise<ItemResponse<CategoryDto>> {
      const [row] = await db.select().from(categories).where(eq(categories.id, id));
      if (!row) throw notFound('Category', id);
      return { data: toCategoryDto(row), meta: {} };
    },

    /** `GET category_tree`: visible categories nested under their parents. */
    categoryTree(): Promise<{ data: CategoryTreeNodeDto[]; meta: Record<string, never> }> {
      return cache.remember('category_tree', async () => {
        const rows = await db
          .select()
          .from(categories)
          .where(eq(categories.isVisible, true))
          .orderBy(asc(categories.sortOrder), asc(categories.id));
        const build = (parentId: number | null, depth: number, path: number[]): CategoryTreeNodeDto[] =>
          rows
            .filter((row) => row.parentId === parentId)
            .map((row) => ({
              id: row.id,
              parent_id: row.parentId ?? 0,
              depth,
              path: [...path, row.id],
              name: row.name,
              is_visible: row.isVisible,
              url: `/${row.path}/`,
              children: build(row.id, depth + 1, [...path, row.id]),
            }));
        return { data: build(null, 1, []), meta: {} };
      });
    },

    /** `GET out-of-stock`: which of the given products cannot be bought now. */
    async outOfStock(ids: number[]): Promise<{ data: number[] }> {
      const stock = await inventory(ids);
      return { data: stock.data.filter((product) => !product.is_in_stock).map((product) => product.product_id) };
    },

    inventory,

    /**
     * Which of these products are visible, with when each last changed (ISO time): sitemaps
     * and hreflang list a product only where its page exists. One indexed query, no graph.
     */
    visibleProductUpdates(ids: readonly number[]): Promise<Array<{ id: number; updatedAt: string }>> {
      const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
      if (unique.length === 0) return Promise.resolve([]);
      return cache.remember(JSON.stringify(['visible-products', unique]), async () => {
        const rows = await db
          .select({ id: products.id, updatedAt: products.updatedAt })
          .from(products)
          .where(and(inArray(products.id, unique), eq(products.isVisible, true)));
        return rows.map((row) => ({ id: row.id, updatedAt: row.updatedAt.toISOString() }));
      });
    },
  };
}
