import type { AppLoadContext } from 'react-router';
import type { ProductDto, ProductListQuery, ShopperContext } from '@piste/commerce';
import { pickRelatedProducts, RELATED_PRODUCTS_DEFAULT_COUNT, type LocaleState } from '@piste/core';
import { toProductCards } from './product-card.server';
import type { ProductCardView } from './product-card-view';

/**
 * A small seeded generator (mulberry32): the "random" automated picks are the same for a
 * product on every visit, so its page can be cached and does not reshuffle on reload.
 */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Candidates read per related category; the list shows at most 8 of them. */
const CANDIDATES_PER_CATEGORY = 48;

function productQuery(
  filter: Pick<ProductListQuery, 'categories:in' | 'id:in'>,
  include: ProductListQuery['include'],
): ProductListQuery {
  return { page: 1, limit: CANDIDATES_PER_CATEGORY, sort: 'id', direction: 'asc', include, ...filter };
}

/**
 * The product page's related products (spec §9 'Related products and grids'): manual picks
 * come from content (issue 6); until then the list is automated, filled randomly across the
 * product's categories (its own sub-category first), never repeating, never the product itself.
 */
export async function loadRelatedProducts(
  context: AppLoadContext,
  localeState: LocaleState,
  shopper: ShopperContext,
  product: Pick<ProductDto, 'id' | 'categories'>,
): Promise<ProductCardView[]> {
  const { catalogue } = context.services;
  const categoryIds = [...product.categories].reverse();
  const lists = await Promise.all(
    categoryIds.map((categoryId) =>
      catalogue.listProducts(shopper, productQuery({ 'categories:in': [categoryId] }, [])),
    ),
  );
  const picks = pickRelatedProducts({
    automationEnabled: true,
    automatedByCategory: lists.map((list) =>
      list.data.filter((candidate) => candidate.id !== product.id).map((candidate) => ({ uid: String(candidate.id) })),
    ),
    target: RELATED_PRODUCTS_DEFAULT_COUNT,
    random: seededRandom(product.id),
    ctsRegion: localeState.ctsRegion,
    bcRegion: shopper.region.priceListRegion,
  });
  if (picks.length === 0) return [];
  // Sorted, so the same picks make the same (cacheable) query whatever their order.
  const ids = picks.map((pick) => Number(pick.uid));
  const sortedIds = [...ids].sort((a, b) => a - b);
  const { data } = await catalogue.listProducts(shopper, productQuery({ 'id:in': sortedIds }, ['options', 'images']));
  const byId = new Map(data.map((candidate) => [candidate.id, candidate]));
  return toProductCards(
    context,
    localeState,
    shopper,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/** How many recommendations the 'product no longer available' page shows. */
const RECOMMENDED_COUNT = 4;

/**
 * Recommended products for the 410 page (spec §2, §4 'Error page'): the first products in stock
 * in the visitor's region. The content issue (6) supplies the editors' error-page products.
 */
export async function loadRecommendedProducts(
  context: AppLoadContext,
  localeState: LocaleState,
  shopper: ShopperContext,
): Promise<ProductCardView[]> {
  const { data } = await context.services.catalogue.listProducts(shopper, productQuery({}, ['options', 'images']));
  return toProductCards(context, localeState, shopper, data)
    .filter((card) => card.inStock)
    .slice(0, RECOMMENDED_COUNT);
}
