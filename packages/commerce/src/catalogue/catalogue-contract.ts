import type { ShopperContext } from '../shopper-context';
import type { CategoryFacets, CategoryListingQuery } from './category-listing';
import type {
  CategoryDto,
  CategoryTreeNodeDto,
  ItemResponse,
  ListResponse,
  ProductDto,
  ProductInventoryDto,
  ProductOptionDto,
  VariantDto,
} from './dto';
import type { CategoryListQuery, ProductListQuery, ProductQuery, VariantListQuery } from './query-schemas';

/**
 * The catalogue's contract: products, variants, options, categories and stock in BigCommerce's
 * v3 shapes, priced for a shopper. `/api` and the SSR loaders ask this, whichever engine answers;
 * the embedded one is `createCatalogueService` (catalogue-service.ts).
 */

/** The image sizes a catalogue answer links (BigCommerce's zoom/standard/thumbnail/tiny). */
export type ImageSize = 'zoom' | 'standard' | 'thumbnail' | 'tiny';

/** A category page's query: the category's url path (`goggles/spherical`) with the page's filters and sort. */
export type CategoryPageQuery = Omit<CategoryListingQuery, 'categoryId' | 'priceListRegion'> & { path: string };

/** A category page: the category, the page of its products (with variants, options and images for cards), their total and facets. */
export interface CategoryPage {
  category: CategoryDto & { path: string };
  products: ProductDto[];
  total: number;
  facets: CategoryFacets;
}

/** One product, category or stock answer at a time. */
export interface CatalogueReads {
  /** `GET products/{id}`. */
  getProduct(shopper: ShopperContext, id: number, query: ProductQuery): Promise<ItemResponse<ProductDto>>;
  /** `GET products/{id}/options`. */
  listProductOptions(id: number): Promise<ListResponse<ProductOptionDto>>;
  /** `GET products/{id}/variants`. */
  listProductVariants(shopper: ShopperContext, id: number): Promise<ListResponse<VariantDto>>;
  /** `GET products/{id}/variants/{variantId}`. */
  getProductVariant(shopper: ShopperContext, id: number, variantId: number): Promise<ItemResponse<VariantDto>>;
  /** `GET categories/{id}`. */
  getCategory(id: number): Promise<ItemResponse<CategoryDto>>;
  /** `GET category_tree`: visible categories nested under their parents. */
  categoryTree(): Promise<{ data: CategoryTreeNodeDto[]; meta: Record<string, never> }>;
  /** `GET out-of-stock`: which of the given products cannot be bought now. */
  outOfStock(ids: number[]): Promise<{ data: number[] }>;
  /** `GET category/products/inventory`: stock of the given products and their variants. */
  inventory(ids: number[]): Promise<{ data: ProductInventoryDto[] }>;
  /** Which of these products are visible, with when each last changed (ISO time), for sitemaps and hreflang. */
  visibleProductUpdates(ids: readonly number[]): Promise<Array<{ id: number; updatedAt: string }>>;
}

/** Filtered, sorted and paged lists. */
export interface CatalogueListings {
  /** `GET products`: visible products, filtered by category or id, paged from 1. */
  listProducts(shopper: ShopperContext, query: ProductListQuery): Promise<ListResponse<ProductDto>>;
  /** `GET variants`: variants of visible products, by product, id or sku. */
  listVariants(shopper: ShopperContext, query: VariantListQuery): Promise<ListResponse<VariantDto>>;
  /** `GET categories`. */
  listCategories(query: CategoryListQuery): Promise<ListResponse<CategoryDto>>;
  /** A category page, its filters and sort from the page's query; NOT_FOUND for a missing or hidden category. */
  categoryPage(shopper: ShopperContext, query: CategoryPageQuery): Promise<CategoryPage>;
}

export interface CatalogueService extends CatalogueReads, CatalogueListings {
  /** Drops every kept answer: the database announced a catalogue write. */
  invalidate(): void;
}
