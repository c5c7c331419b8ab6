import { roundHalfAwayFromZero } from '@piste/core';
import { deriveAnalyticsItem, type AnalyticsItem } from '../../lib/analytics-items';
import type { ProductVariantView, ProductView } from '../catalogue/product-view';

/** GA4's `view_item`: the product a shopper opened, priced as its page shows it. */
export interface ViewItemEvent {
  event: 'view_item';
  ecommerce: { currency: string; value: number; items: AnalyticsItem[] };
}

/**
 * `view_item` for a product page: the variant whose price the page shows first (spec §3
 * 'Analytics items': sku, variant id, parent product id, name, price and discount). Null for a
 * product that cannot be bought here (no commerce product or variant, or no currency).
 */
export function viewItemEvent(
  product: Pick<ProductView, 'commerceId' | 'title'>,
  variant: Pick<ProductVariantView, 'id' | 'sku' | 'price' | 'salePrice'> | undefined,
  currencyCode: string | null,
): ViewItemEvent | null {
  if (product.commerceId === null || !variant || !currencyCode) return null;
  const item = deriveAnalyticsItem({
    sku: variant.sku,
    variant_id: variant.id,
    id: product.commerceId,
    name: product.title,
    quantity: 1,
    original_price: variant.price,
    sale_price: variant.salePrice,
  });
  return {
    event: 'view_item',
    ecommerce: { currency: currencyCode, value: roundHalfAwayFromZero(item.price, 2), items: [item] },
  };
}
