import { data, type AppLoadContext } from 'react-router';
import { isDomainError, type LocaleState } from '@piste/core';
import { currencyFormatFor } from './currency.server';
import { contentDisplayPrice } from './display-price.server';
import type { ProductCardView } from './product-card-view';
import { loadRecommendedProducts, loadRelatedProducts } from './related-products.server';
import type { CurrencyFormatView, ProductView } from './product-view';

export interface ProductPageData {
  product: ProductView;
  /** Shopping regions buy; other countries see the content price and no cart (spec §4). */
  shopping: boolean;
  currency: CurrencyFormatView | null;
  /** The content price for a country without a shop (spec §3 'Product card' prices). */
  displayPrice: string | null;
  related: ProductCardView[];
}

/**
 * Loads a product for its page: the content product by uid (404 when missing or not shown in
 * the visitor's content region), then its commerce product in the visitor's commerce region.
 * A content product whose commerce product is gone is a 410 (spec §2 'Error page').
 */
export async function loadProductPage(
  context: AppLoadContext,
  localeState: LocaleState,
  uid: string,
  options: { withRelated: boolean } = { withRelated: true },
): Promise<ProductPageData> {
  const { contentProducts, catalogue } = context.services;
  const content = contentProducts.byUid(uid);
  if (!content || !(content.regions as readonly string[]).includes(localeState.ctsRegion)) {
    throw data(null, { status: 404 });
  }
  const shopper = context.services.shopperIn(localeState.bcRegion);
  const commerceId = content.bc_products[shopper.region.priceListRegion];
  const commerce = await catalogue
    .getProduct(shopper, commerceId, { include: ['variants', 'options', 'images', 'custom_fields'] })
    .then((response) => response.data)
    .catch((error: unknown) => {
      if (isDomainError(error, 'NOT_FOUND')) return null;
      throw error;
    });
  if (!commerce) {
    // Spec §4 'Error page': if the recommendations cannot be loaded either, it is a plain 404.
    const recommended = await loadRecommendedProducts(context, localeState, shopper).catch(() => null);
    if (!recommended) throw data(null, { status: 404 });
    const currency = await currencyFormatFor(context, shopper);
    throw data({ productIds: [content.uid], recommended, currency, language: localeState.language }, { status: 410 });
  }

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
    specs: (commerce.custom_fields ?? []).map(({ name, value }) => ({ name, value })),
    colours,
    sizes: (sizeOption?.option_values ?? []).map((value) => value.label),
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
        retailPrice: variant.retail_price,
        calculatedPrice: variant.calculated_price,
        inventoryLevel: variant.inventory_level,
        inStock: variant.is_in_stock,
      };
    }),
  };

  const currency = await currencyFormatFor(context, shopper);
  return {
    product,
    shopping: localeState.shoppingRegion,
    currency,
    displayPrice: contentDisplayPrice(content, localeState),
    related: options.withRelated ? await loadRelatedProducts(context, localeState, shopper, commerce) : [],
  };
}
