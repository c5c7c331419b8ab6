import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { groupPercentOff, resolvePrice, type ResolvedPrice } from '../pricing/pricing-service';
import { categories, productCategories, products, variants } from '../schema/index';
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
import type {
  CategoryListQuery,
  ProductInclude,
  ProductListQuery,
  ProductQuery,
  VariantListQuery,
} from './query-schemas';
import { listCategoryProducts, type CategoryListingQuery } from './category-listing';
import { loadProductGraph, loadProductRecords, type ProductGraph, type ProductRecord } from './product-graph';
import { ResponseCache } from '../response-cache';
import type { ShopperContext } from '../shopper-context';

export type ImageSize = 'zoom' | 'standard' | 'thumbnail' | 'tiny';

export interface CatalogueServiceOptions {
  /** Builds an image URL from a media id (the media service decides the host and transform). */
  imageUrl: (mediaId: string, size: ImageSize) => string;
  cache?: ResponseCache;
}

const ZERO_PRICE: ResolvedPrice = {
  price: 0,
  sale_price: null,
  retail_price: null,
  calculated_price: 0,
  calculatedMinor: 0,
};

function notFound(what: string, id: number): DomainError {
  return new DomainError('NOT_FOUND', `${what} ${id} does not exist.`);
}

/** Whether a shopper can buy the variant now, by how the product tracks stock. */
function variantInStock(
  product: Pick<ProductRecord, 'inventory_tracking' | 'inventory_level'>,
  variant: { purchasing_disabled: boolean; inventory_level: number },
): boolean {
  if (variant.purchasing_disabled) return false;
  if (product.inventory_tracking === 'none') return true;
  if (product.inventory_tracking === 'product') return product.inventory_level > 0;
  return variant.inventory_level > 0;
}

function productInventoryLevel(
  product: Pick<ProductRecord, 'inventory_tracking' | 'inventory_level'>,
  variantList: { inventory_level: number }[],
): number {
  if (product.inventory_tracking === 'variant')
    return variantList.reduce((sum, variant) => sum + variant.inventory_level, 0);
  return product.inventory_tracking === 'product' ? product.inventory_level : 0;
}

function toOptionDto(option: ProductGraph['options'][number]): ProductOptionDto {
  return {
    id: option.id,
    product_id: option.product_id,
    display_name: option.display_name,
    type: option.type,
    sort_order: option.sort_order,
    option_values: option.values.map((value) => ({
      id: value.id,
      label: value.label,
      sort_order: value.sort_order,
      value_data: option.type === 'swatch' ? { colors: value.hex_colors } : null,
      is_default: value.is_default,
    })),
  };
}

/**
 * The catalogue half of the commerce engine: products, variants, options, categories and
 * stock, answered in BigCommerce's v3 shapes. Used by `/api` and, in-process, by SSR loaders.
 */
export function createCatalogueService(db: Db, options: CatalogueServiceOptions) {
  const cache = options.cache ?? new ResponseCache();
  /**
   * Totals for pagination, remembered for a minute even when the response cache is off:
   * counting a large category on every page view is wasted work, and a total that lags a
   * catalogue change by a minute misleads nobody. Cleared with the cache on every catalogue write.
   */
  const totals = new LRUCache<string, number>({ max: 1_000, ttl: 60_000 });

  /** Builds the DTOs of a page of products from two statements: the page and its graph. */
  async function hydrateProducts(
    shopper: ShopperContext,
    rows: ProductRecord[],
    include: readonly ProductInclude[],
  ): Promise<ProductDto[]> {
    if (rows.length === 0) return [];
    const graph = await loadProductGraph(db, {
      productIds: rows.map((row) => row.id),
      priceListRegion: shopper.region.priceListRegion,
      withOptions: include.includes('options') || include.includes('variants'),
      withImages: include.includes('images'),
      withCustomFields: include.includes('custom_fields'),
    });
    const optionDtos = graph.options.map(toOptionDto);
    const optionValueById = new Map(
      optionDtos.flatMap((option) => option.option_values.map((value) => [value.id, { value, option }] as const)),
    );
    const byProduct = <Item extends { product_id: number }>(items: Item[]) => {
      const grouped = new Map<number, Item[]>();
      for (const item of items) grouped.set(item.product_id, [...(grouped.get(item.product_id) ?? []), item]);
      return (productId: number) => grouped.get(productId) ?? [];
    };
    const variantsOf = byProduct(graph.variants);
    const categoriesOf = byProduct(graph.categories);
    const optionsOf = byProduct(optionDtos);
    const imagesOf = byProduct(graph.images);
    const fieldsOf = byProduct(graph.custom_fields);

    return rows.map((product) => {
      const productVariants = variantsOf(product.id);
      const percentOff = groupPercentOff(shopper.priceAdjustment, {
        id: product.id,
        categoryIds: categoriesOf(product.id).map((category) => category.category_id),
      });
      const priced = productVariants.map((variant) => ({
        variant,
        price:
          variant.price === null
            ? ZERO_PRICE
            : resolvePrice(
                { price: variant.price, salePrice: variant.sale_price, retailPrice: variant.retail_price },
                percentOff,
              ),
      }));
      const variantDtos: VariantDto[] = priced.map(({ variant, price }) => ({
        id: variant.id,
        product_id: product.id,
        sku: variant.sku,
        price: price.price,
        sale_price: price.sale_price,
        retail_price: price.retail_price,
        calculated_price: price.calculated_price,
        inventory_level: product.inventory_tracking === 'variant' ? variant.inventory_level : 0,
        is_in_stock: variantInStock(product, variant),
        purchasing_disabled: variant.purchasing_disabled,
        image_url: variant.image_media_id ? options.imageUrl(variant.image_media_id, 'standard') : '',
        option_values: variant.option_value_ids.flatMap((valueId) => {
          const found = optionValueById.get(valueId);
          return found
            ? [
                {
                  id: valueId,
                  label: found.value.label,
                  option_id: found.option.id,
                  option_display_name: found.option.display_name,
                },
              ]
            : [];
        }),
      }));

      // The product's price is its cheapest variant's (what a listing shows as "from").
      const cheapest = priced
        .filter(({ variant }) => variant.price !== null)
        .sort((a, b) => a.price.calculatedMinor - b.price.calculatedMinor)[0];
      const price = cheapest?.price ?? ZERO_PRICE;
      const inventoryLevel = productInventoryLevel(product, productVariants);

      const dto: ProductDto = {
        id: product.id,
        name: product.name,
        type: 'physical',
        sku: product.sku,
        description: product.description,
        weight: product.weight_grams,
        price: price.price,
        sale_price: price.sale_price,
        retail_price: price.retail_price,
        calculated_price: price.calculated_price,
        categories: categoriesOf(product.id).map((row) => row.category_id),
        brand_id: product.brand_id,
        inventory_level: inventoryLevel,
        inventory_tracking: product.inventory_tracking,
        is_visible: product.is_visible,
        is_in_stock: variantDtos.some((variant) => variant.is_in_stock),
        is_new: product.is_new,
        is_redesigned: product.is_redesigned,
        availability: product.is_visible ? 'available' : 'disabled',
        custom_url: { url: `/${product.uid}/`, is_customized: false },
        base_variant_id: productVariants[0]?.id ?? null,
        date_created: new Date(product.created_at).toISOString(),
        date_modified: new Date(product.updated_at).toISOString(),
      };
      if (include.includes('variants')) dto.variants = variantDtos;
      if (include.includes('options')) dto.options = optionsOf(product.id);
      if (include.includes('images')) {
        dto.images = imagesOf(product.id).map((image) => ({
          id: image.id,
          product_id: product.id,
          is_thumbnail: image.is_thumbnail,
          sort_order: image.sort_order,
          description: image.description,
          image_file: image.media_id,
          url_zoom: options.imageUrl(image.media_id, 'zoom'),
          url_standard: options.imageUrl(image.media_id, 'standard'),
          url_thumbnail: options.imageUrl(image.media_id, 'thumbnail'),
          url_tiny: options.imageUrl(image.media_id, 'tiny'),
        }));
      }
      if (include.includes('custom_fields')) {
        dto.custom_fields = fieldsOf(product.id).map((field) => ({
          id: field.id,
          name: field.name,
          value: field.value,
        }));
      }
      return dto;
    });
  }

  async function loadOptions(productId: number): Promise<ProductOptionDto[]> {
    const graph = await loadProductGraph(db, {
      productIds: [productId],
      priceListRegion: 'us',
      withOptions: true,
      withImages: false,
      withCustomFields: false,
    });
    return graph.options.map(toOptionDto);
  }

  async function findVisibleProduct(id: number): Promise<ProductRecord> {
    const { rows } = await loadProductRecords(db, { where: and(eq(products.id, id), eq(products.isVisible, true))! });
    if (!rows[0]) throw notFound('Product', id);
    return rows[0];
  }

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
      data: rows.map((product) => {
        const own = graph.variants.filter((variant) => variant.product_id === product.id);
        const variantStock = own.map((variant) => ({
          id: variant.id,
          sku: variant.sku,
          inventory_level: product.inventory_tracking === 'variant' ? variant.inventory_level : 0,
          is_in_stock: product.is_visible && variantInStock(product, variant),
        }));
        return {
          product_id: product.id,
          inventory_tracking: product.inventory_tracking,
          inventory_level: productInventoryLevel(product, own),
          is_in_stock: variantStock.some((variant) => variant.is_in_stock),
          variants: variantStock,
        };
      }),
    };
  }

  function cacheKey(operation: string, shopper: ShopperContext, query: unknown): string {
    return JSON.stringify([operation, shopper.region.id, shopper.priceAdjustment?.groupId ?? 0, query]);
  }

  const PRODUCT_SORT = {
    id: products.id,
    name: products.name,
    sku: products.sku,
    date_modified: products.updatedAt,
  } as const;

  return {
    /** `GET products`: visible products, filtered by category or id, paged from 1. */
    listProducts(shopper: ShopperContext, query: ProductListQuery): Promise<ListResponse<ProductDto>> {
      return cache.remember(cacheKey('products', shopper, query), async () => {
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

    /** `GET products/{id}`. */
    getProduct(shopper: ShopperContext, id: number, query: ProductQuery): Promise<ItemResponse<ProductDto>> {
      return cache.remember(cacheKey('product', shopper, [id, query]), async () => {
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

    /** `GET variants`: variants of visible products, by product, id or sku. */
    listVariants(shopper: ShopperContext, query: VariantListQuery): Promise<ListResponse<VariantDto>> {
      return cache.remember(cacheKey('variants', shopper, query), async () => {
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
     * category's facets. Filters and sort come from the page's query (issue 5).
     */
    async categoryPage(
      shopper: ShopperContext,
      query: Omit<CategoryListingQuery, 'categoryId' | 'priceListRegion'> & { path: string },
    ) {
      return cache.remember(cacheKey('category-page', shopper, query), async () => {
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

    /** Drops every kept answer: the database announced a catalogue write (server's cache-clearing.ts). */
    invalidate(): void {
      cache.invalidate();
      totals.clear();
    },
  };
}

function toCategoryDto(row: typeof categories.$inferSelect): CategoryDto {
  return {
    id: row.id,
    parent_id: row.parentId ?? 0,
    name: row.name,
    description: row.description,
    sort_order: row.sortOrder,
    is_visible: row.isVisible,
    custom_url: { url: `/${row.path}/`, is_customized: false },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
