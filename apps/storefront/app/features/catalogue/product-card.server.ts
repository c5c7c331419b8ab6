import type { ProductDto, ShopperContext } from '@piste/commerce';
import type { ProductEntry } from '@piste/content';
import type { LoadContextOf } from '@piste/server/load-context';
import { isListedInRegion, isShowableInGrid, type LocaleState } from '@piste/core';
import { contentDisplayPrice } from './display-price.server';
import { shopperGroupOf } from './price-view';
import type { ProductCardView } from './product-card-view';

/** What building product cards needs: the catalogue, the content products, and who is looking. */
export type ProductCardReads = LoadContextOf<'catalogue' | 'contentProducts', 'customer'>;

/** Whether a content product shows as a card in the content region (spec §5 'A product is shown in a grid only if…'). */
function isCardShownIn(content: ProductEntry, product: ProductDto | number, ctsRegion: string): boolean {
  return (
    isShowableInGrid({ title: content.title, url: content.url, bcProduct: product }) &&
    isListedInRegion(content, ctsRegion)
  );
}

/**
 * The commerce products a listing must leave out for this visitor: those whose content product
 * does not show in their region. A category page's total, facets and pages then cover exactly
 * what the cards show.
 */
export async function productIdsNotSoldIn(
  context: ProductCardReads,
  localeState: LocaleState,
  shopper: ShopperContext,
): Promise<number[]> {
  const contentProducts = await context.services.contentProducts.forLocale(localeState.contentLocale);
  const priceList = shopper.region.priceListRegion;
  const hidden = new Set<number>();
  for (const content of contentProducts.all()) {
    const id = content.bc_products?.[priceList];
    // A commerce product is joined with the one content product the lookup names for it.
    if (id === undefined || contentProducts.byCommerceId(priceList, id) !== content) continue;
    if (!isCardShownIn(content, id, localeState.ctsRegion)) hidden.add(id);
  }
  return [...hidden].sort((a, b) => a - b);
}

/**
 * Joins commerce products with their content products (in the page's content locale) into
 * cards. A product shows in a grid only with a title, a url and a commerce product (spec §5),
 * and only in the regions its content names.
 */
export async function toProductCards(
  context: ProductCardReads,
  localeState: LocaleState,
  shopper: ShopperContext,
  products: readonly ProductDto[],
): Promise<ProductCardView[]> {
  const contentProducts = await context.services.contentProducts.forLocale(localeState.contentLocale);
  // Cards are priced for the shopper viewing them, so they say whose prices they show.
  const shopperGroup = shopperGroupOf(context.customer);
  return products.flatMap((product) => {
    const content = contentProducts.byCommerceId(shopper.region.priceListRegion, product.id);
    if (!content || !isCardShownIn(content, product, localeState.ctsRegion)) return [];
    const colourOption = product.options?.find((option) => option.type === 'swatch');
    return [
      {
        uid: content.uid,
        title: content.display_title || content.title,
        commerceId: product.id,
        sku: product.sku,
        onSale: product.sale_price !== null,
        isNew: content.is_new.value,
        isRedesigned: content.is_redesigned.value,
        inStock: product.is_in_stock,
        price: product.price,
        salePrice: product.sale_price,
        calculatedPrice: product.calculated_price,
        shopperGroup,
        displayPrice: contentDisplayPrice(content, localeState),
        colours: (colourOption?.option_values ?? []).map((value) => ({
          label: value.label,
          hex: value.value_data?.colors ?? [],
          image: product.images?.find((image) => image.description === value.label)?.image_file ?? null,
        })),
      },
    ];
  });
}

/** Products a page names by content uid (sliders, hotspots, an athlete's kit), as cards in that order. */
export async function loadProductCardsByUids(
  context: ProductCardReads,
  localeState: LocaleState,
  shopper: ShopperContext,
  uids: readonly string[],
): Promise<ProductCardView[]> {
  if (uids.length === 0) return [];
  const contentProducts = await context.services.contentProducts.forLocale(localeState.contentLocale);
  const region = shopper.region.priceListRegion;
  const ids = [...new Set(uids.flatMap((uid) => contentProducts.byUid(uid)?.bc_products[region] ?? []))].sort(
    (a, b) => a - b,
  );
  if (ids.length === 0) return [];
  const { data } = await context.services.catalogue.listProducts(shopper, {
    page: 1,
    limit: ids.length,
    sort: 'id',
    direction: 'asc',
    include: ['options', 'images'],
    'id:in': ids,
  });
  const cards = new Map((await toProductCards(context, localeState, shopper, data)).map((card) => [card.uid, card]));
  return [...new Set(uids)].flatMap((uid) => cards.get(uid) ?? []);
}

/** The catalogue's first products as cards, for pages that show a sample of them (styletile, test store). */
export async function loadSampleProductCards(
  context: ProductCardReads,
  localeState: LocaleState,
  shopper: ShopperContext,
  candidates: number,
): Promise<ProductCardView[]> {
  const { data } = await context.services.catalogue.listProducts(shopper, {
    page: 1,
    limit: candidates,
    sort: 'id',
    direction: 'asc',
    include: ['options', 'images'],
  });
  return toProductCards(context, localeState, shopper, data);
}
