import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { LRUCache } from 'lru-cache';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import type { ResponseCache } from '../response-cache';
import { categories, productCategories, products, variants } from '../schema/index';
import type { ShopperContext } from '../shopper-context';
import type { CatalogueListings, CategoryPage, CategoryPageQuery } from './catalogue-contract';
import { paginate, pickFields, type CategoryDto, type ListResponse, type ProductDto, type VariantDto } from './dto';
import { listCategoryProducts } from './category-listing';
import { shopperCacheKey, toCategoryDto, type ProductHydration } from './product-hydration';
import { loadProductRecords } from './product-graph';
import type { CategoryListQuery, ProductListQuery, VariantListQuery } from './query-schemas';

/** The catalogue's listings of the embedded engine: filtered, sorted and paged lists. */
export function createCatalogueListings(
  db: Db,
  options: { cache: ResponseCache; totals: LRUCache<string, number>; hydration: ProductHydration },
): CatalogueListings {
  const { cache, totals } = options;
  const { hydrateProducts } = options.hydration;

  const PRODUCT_SORT = {
    id: products.id,
    name: products.name,
    sku: products.sku,
    date_modified: products.updatedAt,
  } as const;

  return {
    /** `GET products`: visible products, filtered by category or id, paged from 1. */
    listProducts(shopper: ShopperContext, query: ProductListQuery): Promise<ListResponse<ProductDto>> {
      return cache.remember(shopperCacheKey('products', shopper, query), async () => {
        const filters: SQL[] = [eq(products.isVisible, true)];
        if (query['categories:in']) {
          filters.push(
            inArray(
              products.id,
              db
                .select({ id: productCategories.productId })
                .from(productCategories)
                .where(inArray(productCategories.categoryId, query['categories:in'])),
            ),
          );
        }
        if (query['id:in']) filters.push(inArray(products.id, query['id:in']));
        const order = query.direction === 'desc' ? desc : asc;
        const where = and(...filters)!;
        const totalKey = JSON.stringify(['products-total', query['categories:in'], query['id:in']]);
        const knownTotal = totals.get(totalKey);
        const { rows, total } = await loadProductRecords(db, {
          where,
          orderBy: [order(PRODUCT_SORT[query.sort]), order(products.id)],
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
          withTotal: knownTotal === undefined,
        });
        const matching = knownTotal ?? total ?? 0;
        totals.set(totalKey, matching);
        const include = query.include ?? [];
        const data = (await hydrateProducts(shopper, rows, include)).map((product) =>
          pickFields(product, query.include_fields, include),
        );
        return { data, meta: { pagination: paginate(matching, data.length, query.page, query.limit) } };
      });
    },

    /** `GET variants`: variants of visible products, by product, id or sku. */
    listVariants(shopper: ShopperContext, query: VariantListQuery): Promise<ListResponse<VariantDto>> {
      return cache.remember(shopperCacheKey('variants', shopper, query), async () => {
        const filters: SQL[] = [eq(products.isVisible, true)];
        if (query['product_id:in']) filters.push(inArray(variants.productId, query['product_id:in']));
        if (query.id) filters.push(eq(variants.id, query.id));
        if (query.sku) filters.push(eq(variants.sku, query.sku));
        const where = and(...filters);
        const [[totals], page] = await Promise.all([
          db
            .select({ total: count() })
            .from(variants)
            .innerJoin(products, eq(products.id, variants.productId))
            .where(where),
          db
            .select({ id: variants.id, productId: variants.productId })
            .from(variants)
            .innerJoin(products, eq(products.id, variants.productId))
            .where(where)
            .orderBy(asc(variants.id))
            .limit(query.limit)
            .offset((query.page - 1) * query.limit),
        ]);
        const productIds = [...new Set(page.map((row) => row.productId))];
        const productRows = productIds.length
          ? (await loadProductRecords(db, { where: inArray(products.id, productIds) })).rows
          : [];
        const hydrated = await hydrateProducts(shopper, productRows, ['variants']);
        const byId = new Map(
          hydrated.flatMap((product) => product.variants ?? []).map((variant) => [variant.id, variant]),
        );
        const data = page.flatMap((row) => {
          const variant = byId.get(row.id);
          return variant ? [pickFields(variant, query.include_fields)] : [];
        });
        return { data, meta: { pagination: paginate(totals?.total ?? 0, data.length, query.page, query.limit) } };
      });
    },

    /** `GET categories`. */
    listCategories(query: CategoryListQuery): Promise<ListResponse<CategoryDto>> {
      return cache.remember(JSON.stringify(['categories', query]), async () => {
        const filters: SQL[] = [];
        if (query['id:in']) filters.push(inArray(categories.id, query['id:in']));
        if (query.parent_id !== undefined) {
          filters.push(query.parent_id === 0 ? isNull(categories.parentId) : eq(categories.parentId, query.parent_id));
        }
        const where = filters.length ? and(...filters) : undefined;
        const [[totals], rows] = await Promise.all([
          db.select({ total: count() }).from(categories).where(where),
          db
            .select()
            .from(categories)
            .where(where)
            .orderBy(asc(categories.sortOrder), asc(categories.id))
            .limit(query.limit)
            .offset((query.page - 1) * query.limit),
        ]);
        const data = rows.map((row) => pickFields(toCategoryDto(row), query.include_fields));
        return { data, meta: { pagination: paginate(totals?.total ?? 0, data.length, query.page, query.limit) } };
      });
    },

    /**
     * A category page: the category found by its url path (`goggles/spherical`), the page of
     * matching products (with variants, options and images for cards), their total and the
     * category's facets. Filters and sort come from the page's query (decision 015).
     */
    async categoryPage(shopper: ShopperContext, query: CategoryPageQuery): Promise<CategoryPage> {
      return cache.remember(shopperCacheKey('category-page', shopper, query), async () => {
        const [category] = await db.select().from(categories).where(eq(categories.path, query.path));
        if (!category || !category.isVisible)
          throw new DomainError('NOT_FOUND', `Category ${query.path} does not exist.`);
        const listing = await listCategoryProducts(db, {
          ...query,
          categoryId: category.id,
          priceListRegion: shopper.region.priceListRegion,
        });
        const { rows } = listing.productIds.length
          ? await loadProductRecords(db, { where: inArray(products.id, listing.productIds) })
          : { rows: [] };
        const hydrated = await hydrateProducts(shopper, rows, ['variants', 'options', 'images']);
        const byId = new Map(hydrated.map((product) => [product.id, product]));
        return {
          category: { ...toCategoryDto(category), path: category.path },
          products: listing.productIds.flatMap((id) => byId.get(id) ?? []),
          total: listing.total,
          facets: listing.facets,
        };
      });
    },
  };
}
