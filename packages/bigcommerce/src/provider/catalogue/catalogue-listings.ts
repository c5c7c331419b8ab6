import { DomainError } from '@piste/core';
import { paginate, pickFields, type CatalogueListings, type VariantDto } from '@piste/commerce';
import type { CatalogueContext } from './catalogue-context';
import { listCategory } from './category-listing';
import { toListedProduct } from './listed-product';
import { categoryPath, toCategoryDto, toProductDto, toVariantDtos } from './product-view';

/** Product cards on a category page show variants, options and images. */
const CARD_INCLUDE = ['variants', 'options', 'images'] as const;

/** The catalogue's filtered, sorted and paged lists over BigCommerce (docs/providers/bigcommerce.md 'Catalogue'). */
export function createCatalogueListings(context: CatalogueContext): CatalogueListings {
  const { calls, viewFor } = context;

  return {
    async listProducts(shopper, query) {
      const { products, total } = await calls.productPage({
        ids: query['id:in'],
        categoryIds: query['categories:in'],
        sort: query.sort,
        direction: query.direction,
        page: query.page,
        limit: query.limit,
      });
      const include = query.include ?? [];
      const view = await viewFor(shopper, products);
      const data = products.map((product) =>
        pickFields(toProductDto(product, view, include), query.include_fields, include),
      );
      return { data, meta: { pagination: paginate(total, data.length, query.page, query.limit) } };
    },

    /** Variants of visible products: BigCommerce's variant list has no visibility filter, so it is paged here. */
    async listVariants(shopper, query) {
      const variants = await calls.variants({ productIds: query['product_id:in'], id: query.id, sku: query.sku });
      const productIds = [...new Set(variants.map((variant) => variant.product_id))];
      const products = productIds.length ? await calls.products({ ids: productIds, visibleOnly: true }) : [];
      const view = await viewFor(shopper, products);
      const byId = new Map<number, VariantDto>(
        products.flatMap((product) => toVariantDtos(product, view)).map((variant) => [variant.id, variant]),
      );
      const visible = variants
        .map((variant) => byId.get(variant.id))
        .filter((variant): variant is VariantDto => variant !== undefined)
        .sort((a, b) => a.id - b.id);
      const start = (query.page - 1) * query.limit;
      const data = visible
        .slice(start, start + query.limit)
        .map((variant) => pickFields(variant, query.include_fields));
      return { data, meta: { pagination: paginate(visible.length, data.length, query.page, query.limit) } };
    },

    async listCategories(query) {
      const ids = query['id:in'];
      const matching = (await calls.categories())
        .filter((category) => !ids || ids.includes(category.category_id))
        .filter((category) => query.parent_id === undefined || category.parent_id === query.parent_id)
        .sort((a, b) => a.sort_order - b.sort_order || a.category_id - b.category_id);
      const start = (query.page - 1) * query.limit;
      const data = matching
        .slice(start, start + query.limit)
        .map((category) => pickFields(toCategoryDto(category), query.include_fields));
      return { data, meta: { pagination: paginate(matching.length, data.length, query.page, query.limit) } };
    },

    async categoryPage(shopper, query) {
      const category = (await calls.categories()).find((candidate) => categoryPath(candidate) === query.path);
      if (!category || !category.is_visible)
        throw new DomainError('NOT_FOUND', `Category ${query.path} does not exist.`);
      const hidden = new Set(query.hiddenProductIds ?? []);
      const products = (await calls.products({ categoryId: category.category_id, visibleOnly: true })).filter(
        (product) => product.categories.includes(category.category_id) && !hidden.has(product.id),
      );
      const view = await viewFor(shopper, products);
      const listing = listCategory(
        products.map((product) => toListedProduct(product, view.priceOf)),
        query,
      );
      const byId = new Map(products.map((product) => [product.id, product]));
      return {
        category: { ...toCategoryDto(category), path: category.url.path.replace(/^\/+|\/+$/g, '') },
        products: listing.productIds.map((id) => toProductDto(byId.get(id)!, view, CARD_INCLUDE)),
        total: listing.total,
        facets: listing.facets,
      };
    },
  };
}
