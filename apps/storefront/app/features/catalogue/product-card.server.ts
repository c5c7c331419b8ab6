import type { AppLoadContext } from 'react-router';
import type { ProductDto, ShopperContext } from '@piste/commerce';
import { isShowableInGrid, type LocaleState } from '@piste/core';
import { contentDisplayPrice } from './display-price.server';
import type { ProductCardView } from './product-card-view';

/**
 * Joins commerce products with their content products into cards. A product shows in a grid
 * only with a title, a url and a commerce product (spec §5), and only in the regions its
 * content names.
 */
export function toProductCards(
  context: AppLoadContext,
  localeState: LocaleState,
  shopper: ShopperContext,
  products: readonly ProductDto[],
): ProductCardView[] {
  return products.flatMap((product) => {
    const content = context.services.contentProducts.byCommerceId(shopper.region.priceListRegion, product.id);
    const candidate = { title: content?.title, url: content?.url, bcProduct: product };
    if (!content || !isShowableInGrid(candidate)) return [];
    if (!(content.regions as readonly string[]).includes(localeState.ctsRegion)) return [];
    const colourOption = product.options?.find((option) => option.type === 'swatch');
    return [
      {
        uid: content.uid,
        title: content.display_title || content.title,
        onSale: product.sale_price !== null,
        isNew: content.is_new.value,
        isRedesigned: content.is_redesigned.value,
        inStock: product.is_in_stock,
        price: product.price,
        salePrice: product.sale_price,
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
