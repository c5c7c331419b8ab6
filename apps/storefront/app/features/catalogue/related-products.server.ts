import { resolvedReferences } from '@piste/content/server';
import type { ProductEntry } from '@piste/content';
import type { ProductDto, ProductListQuery, ShopperContext } from '@piste/commerce';
import {
  matchesAttributes,
  pickRelatedProducts,
  RELATED_PRODUCTS_DEFAULT_COUNT,
  RELATED_PRODUCTS_UID_VARIANT_COUNT,
  type LocaleState,
} from '@piste/core';
import { attributeTiers, automatedCategoryIds } from './automated-related-config.server';
import { loadProductCardsByUids, toProductCards, type ProductCardReads } from './product-card.server';
import type { ProductCardView } from './product-card-view';
import type { LoadContextOf } from '@piste/server/load-context';

/** What related and recommended products read: product cards and the content service. */
export type RelatedProductReads = ProductCardReads & LoadContextOf<'content'>;

/** A small seeded generator (mulberry32), so a seed always gives the same picks. */
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

const DAY_MS = 86_400_000;

/**
 * The automated picks are random per product and per day (UTC), not per visit (decision
 * 017-e): every visitor and every kept page of a day agree, a reload or the back button does
 * not reshuffle the list a shopper was reading, and the picks still rotate daily.
 */
function dailyRandom(productId: number, now = Date.now()): () => number {
  return seededRandom(Math.imul(productId, 0x9e3779b1) ^ Math.floor(now / DAY_MS));
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
 * manual picks first (spec §5 validity), then, only when brand settings automate related
 * products (not when they cannot be read), random picks across the categories of the editors'
 * automated-related-products config that the product is filed under, products sharing its
 * configured attributes first (automated-related-config.server.ts), never repeating, never the
 * product itself.
 */
export async function loadRelatedProducts(
  context: RelatedProductReads,
  localeState: LocaleState,
  shopper: ShopperContext,
  product: Pick<ProductDto, 'id' | 'custom_fields'>,
  content: ProductEntry,
): Promise<ProductCardView[]> {
  const { catalogue, contentProducts, content: contentService } = context.services;
  const { contentLocale, ctsRegion } = localeState;
  const [brand, config, lookup] = await Promise.all([
    contentService.client.brandSettings(contentLocale, ctsRegion),
    contentService.client.automatedRelatedProductsConfig(contentLocale, ctsRegion),
    contentProducts.forLocale(contentLocale),
  ]);
  const automationEnabled = brand?.automate_related_products === true && config !== null;
  const region = shopper.region.priceListRegion;
  const categoryIds = automationEnabled && config ? automatedCategoryIds(config, content, region) : [];
  const lists = await Promise.all(
    categoryIds.map((categoryId) =>
      catalogue.listProducts(shopper, productQuery({ 'categories:in': [categoryId] }, ['custom_fields'])),
    ),
  );
  const tiers = config ? attributeTiers(config, content.product_attributes ?? [], product.custom_fields ?? []) : [];
  const picks = pickRelatedProducts({
    automationEnabled,
    manual: resolvedReferences(content.related_products).filter((candidate) => candidate.uid !== content.uid),
    automatedByTier: tiers.map((filters) =>
      lists.map((list) =>
        list.data.flatMap((candidate) => {
          if (candidate.id === product.id || !matchesAttributes(candidate.custom_fields ?? [], filters)) return [];
          const candidateContent = lookup.byCommerceId(region, candidate.id);
          return candidateContent ? [{ uid: candidateContent.uid }] : [];
        }),
      ),
    ),
    target: RELATED_PRODUCTS_DEFAULT_COUNT,
    random: dailyRandom(product.id),
    ctsRegion,
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
  context: RelatedProductReads,
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
