import type { AppLoadContext } from 'react-router';
import { resolvedReferences } from '@piste/content/server';
import type { ProductEntry } from '@piste/content';
import type { ProductDto, ProductListQuery, ShopperContext } from '@piste/commerce';
import {
  pickRelatedProducts,
  RELATED_PRODUCTS_DEFAULT_COUNT,
  RELATED_PRODUCTS_UID_VARIANT_COUNT,
  type LocaleState,
} from '@piste/core';
import { loadProductCardsByUids, toProductCards } from './product-card.server';
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
  filter: Pick<ProductListQuery, 'categories:in'>,
  include: ProductListQuery['include'],
): ProductListQuery {
  return { page: 1, limit: CANDIDATES_PER_CATEGORY, sort: 'id', direction: 'asc', include, ...filter };
}

/**
 * The product page's related products (spec §9 'Related products and grids'): the editors'
 * manual picks first (spec §5 validity), then, when brand settings automate related products,
 * random picks across the product's categories (its own sub-category first), never repeating,
 * never the product itself.
 */
export async function loadRelatedProducts(
  context: AppLoadContext,
  localeState: LocaleState,
  shopper: ShopperContext,
  product: Pick<ProductDto, 'id' | 'categories'>,
  content: ProductEntry,
): Promise<ProductCardView[]> {
  const { catalogue, contentProducts, content: contentService } = context.services;
  const [brand, lookup] = await Promise.all([
    contentService.client.brandSettings(localeState.contentLocale, localeState.ctsRegion),
    contentProducts.forLocale(localeState.contentLocale),
  ]);
  // Without brand settings (content unavailable) the list still fills itself.
  const automationEnabled = brand?.automate_related_products ?? true;
  const region = shopper.region.priceListRegion;
  const lists = automationEnabled
    ? await Promise.all(
        [...product.categories]
          .reverse()
          .map((categoryId) => catalogue.listProducts(shopper, productQuery({ 'categories:in': [categoryId] }, []))),
      )
    : [];
  const picks = pickRelatedProducts({
    automationEnabled,
    manual: resolvedReferences(content.related_products).filter((candidate) => candidate.uid !== content.uid),
    automatedByCategory: lists.map((list) =>
      list.data.flatMap((candidate) => {
        const candidateContent = candidate.id === product.id ? undefined : lookup.byCommerceId(region, candidate.id);
        return candidateContent ? [{ uid: candidateContent.uid }] : [];
      }),
    ),
    target: RELATED_PRODUCTS_DEFAULT_COUNT,
    random: seededRandom(product.id),
    ctsRegion: localeState.ctsRegion,
    bcRegion: region,
  });
  return loadProductCardsByUids(
    context,
    localeState,
    shopper,
    picks.map((pick) => pick.uid),
  );
}

/** How many recommendations the 'product no longer available' page shows (spec §9: 4 in the uid-based variant). */
const RECOMMENDED_COUNT = RELATED_PRODUCTS_UID_VARIANT_COUNT;

/**
 * Recommended products for the 410 page (spec §2, §4 'Error page'): the error page entry's
 * products that are in stock in the visitor's region, topped up with the catalogue's first
 * products in stock when the editors' picks run short.
 */
export async function loadRecommendedProducts(
  context: AppLoadContext,
  localeState: LocaleState,
  shopper: ShopperContext,
): Promise<ProductCardView[]> {
  const errorPage = await context.services.content.client.errorPage(localeState.contentLocale, localeState.ctsRegion);
  const picked = await loadProductCardsByUids(
    context,
    localeState,
    shopper,
    (errorPage?.products ?? []).map((product) => product.uid),
  );
  const inStock = picked.filter((card) => card.inStock);
  if (inStock.length >= RECOMMENDED_COUNT) return inStock.slice(0, RECOMMENDED_COUNT);
  const { data } = await context.services.catalogue.listProducts(shopper, productQuery({}, ['options', 'images']));
  const fillers = (await toProductCards(context, localeState, shopper, data)).filter(
    (card) => card.inStock && !inStock.some((chosen) => chosen.uid === card.uid),
  );
  return [...inStock, ...fillers].slice(0, RECOMMENDED_COUNT);
}
