import { data } from 'react-router';
import { resolvedReferences, type ContentClient } from '@piste/content/server';
import { createAttributeValueLabel, sortAttributeOptions, visibleSpecs, type ProductEntry } from '@piste/content';
import { isDomainError, isListedInRegion, type LocaleState } from '@piste/core';
import { currencyFormatFor } from './currency.server';
import { contentDisplayPrice } from './display-price.server';
import { loadProductCardsByUids } from './product-card.server';
import type { ProductCardView } from './product-card-view';
import { loadErrorPageContent, type ErrorPageContentReads } from '../error-page/error-page-content.server';
import { shopperGroupOf, type ShopperGroup } from './price-view';
import { loadRelatedProducts } from './related-products.server';
import type { ProductView } from './product-view';
import type { CurrencyFormatView } from '../../lib/money';
import type { LoadContextOf } from '@piste/server/load-context';

/** What the product page reads: its content and commerce product, cards, currency, the error page's content for a 410. */
type ProductPageReads = ErrorPageContentReads & LoadContextOf<'catalogue' | 'content', 'shopper' | 'customer'>;

/** The add-on list of a product's category (spec §3 'category product add-on config'). */
export interface AddOnListView {
  heading: string;
  products: ProductCardView[];
}

export interface ProductPageData {
  product: ProductView;
  /** Shopping regions buy; other countries see the content price and no cart (spec §4). */
  shopping: boolean;
  currency: CurrencyFormatView | null;
  /** The content price for a country without a shop (spec §3 'Product card' prices). */
  displayPrice: string | null;
  related: ProductCardView[];
  addOns: AddOnListView | null;
  /** Whose group prices the page shows (a pro: their pro price, and no sale tag). */
  shopperGroup: ShopperGroup | null;
}

/** The top-level category of a content product (`/goggles/spherical` → `goggles`), whose add-ons it offers. */
function topCategoryUid(product: ProductEntry): string | null {
  const [category] = resolvedReferences(product.product_category);
  return category?.url.split('/').find(Boolean) ?? null;
}

async function loadAddOns(
  client: ContentClient,
  context: ProductPageReads,
  localeState: LocaleState,
  shopper: Parameters<typeof loadProductCardsByUids>[2],
  content: ProductEntry,
): Promise<AddOnListView | null> {
  const categoryUid = topCategoryUid(content);
  if (!categoryUid) return null;
  const config = await client.categoryProductAddOn(localeState.contentLocale, localeState.ctsRegion, categoryUid);
  if (!config) return null;
  const uids = config.product_add_on_config.products.map((product) => product.uid).filter((uid) => uid !== content.uid);
  const products = await loadProductCardsByUids(context, localeState, shopper, uids);
  return products.length > 0 ? { heading: config.product_add_on_config.heading, products } : null;
}

/** Whether a product has a page in the locale: its content product exists and is shown in the region. */
export async function productShownIn(
  context: LoadContextOf<'content'>,
  localeState: LocaleState,
  uid: string,
): Promise<boolean> {
  const content = await context.services.content.client.product(localeState.contentLocale, { uid });
  return content !== null && isListedInRegion(content, localeState.ctsRegion);
}

/**
 * Loads a product for its page: the content product by uid (404 when missing or not shown in
 * the visitor's content region), then its commerce product in the visitor's commerce region.
 * A content product whose commerce product is gone is a 410 (spec §2 'Error page').
 */
export async function loadProductPage(
  context: ProductPageReads,
  localeState: LocaleState,
  uid: string,
  options: { withRelated: boolean } = { withRelated: true },
): Promise<ProductPageData> {
  const { catalogue } = context.services;
  const { client } = context.services.content;
  const { contentLocale, ctsRegion } = localeState;
  const content = await client.product(contentLocale, { uid });
  if (!content || !isListedInRegion(content, localeState.ctsRegion)) throw data(null, { status: 404 });
  const { shopper } = context;
  const commerceId = content.bc_products[shopper.region.priceListRegion];
  // Content the page needs whatever happens next, read while the commerce product loads.
  const rules = Promise.all([
    client.hiddenProductAttributes(contentLocale, ctsRegion),
    client.productAttributeSorting(contentLocale),
    client.productAttributeValues(contentLocale),
  ]);
  const commerce = await (commerceId === undefined
    ? Promise.resolve(null)
    : catalogue
        .getProduct(shopper, commerceId, { include: ['variants', 'options', 'images', 'custom_fields'] })
        .then((response) => response.data)
        .catch((error: unknown) => {
          if (isDomainError(error, 'NOT_FOUND')) return null;
          throw error;
        }));
  if (!commerce) {
    // Spec §4 'Error page': if the recommendations cannot be loaded, it is a plain 404.
    const errorPage = await loadErrorPageContent(context, localeState).catch(() => null);
    if (!errorPage || errorPage.products.length === 0) throw data(null, { status: 404 });
    throw data({ productIds: [content.uid], errorPage }, { status: 410 });
  }
  const [hiddenAttributes, attributeSorting, attributeValues] = await rules;
  // The commerce product writes its specifications once, in English; content words their values per language.
  const valueLabel = createAttributeValueLabel(attributeValues);
  const colourOption = commerce.options?.find((option) => option.type === 'swatch');
  const sizeOption = commerce.options?.find((option) => option.type === 'rectangles');
  const colours = (colourOption?.option_values ?? []).map((value) => ({
    label: value.label,
    hex: value.value_data?.colors ?? [],
    images: (commerce.images ?? [])
      .filter((image) => image.description === value.label)
      .map((image) => image.image_file),
  }));
  const product: ProductView = {
    uid: content.uid,
    commerceId: commerce.id,
    title: content.display_title || content.title,
    tagline: content.tagline,
    description: content.description,
    isNew: content.is_new.value,
    isRedesigned: content.is_redesigned.value,
    specs: visibleSpecs(
      (commerce.custom_fields ?? []).map(({ name, value }) => ({ name, value: valueLabel(name, value) })),
      hiddenAttributes,
      attributeSorting,
    ),
    colours,
    sizes: sortAttributeOptions(
      sizeOption?.display_name ?? 'Size',
      (sizeOption?.option_values ?? []).map((value) => value.label),
      attributeSorting,
    ),
    variants: (commerce.variants ?? []).map((variant) => {
      const label = (optionName: string) =>
        variant.option_values.find((value) => value.option_display_name === optionName)?.label ?? '';
      return {
        id: variant.id,
        sku: variant.sku,
        colour: label(colourOption?.display_name ?? 'Colour'),
        size: label(sizeOption?.display_name ?? 'Size'),
        price: variant.price,
        salePrice: variant.sale_price,
        calculatedPrice: variant.calculated_price,
        inventoryLevel: variant.inventory_level,
        inStock: variant.is_in_stock,
      };
    }),
  };

  const [currency, related, addOns] = await Promise.all([
    currencyFormatFor(context, shopper, localeState.locale),
    options.withRelated ? loadRelatedProducts(context, localeState, shopper, commerce, content) : [],
    options.withRelated ? loadAddOns(client, context, localeState, shopper, content) : null,
  ]);
  return {
    product,
    shopping: localeState.shoppingRegion,
    currency,
    displayPrice: contentDisplayPrice(content, localeState),
    related,
    addOns,
    shopperGroup: shopperGroupOf(context.customer),
  };
}
