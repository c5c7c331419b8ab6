import { useCallback } from 'react';
import type { CartDto, CartLineItemDto } from '@piste/commerce';
import { roundHalfAwayFromZero } from '@piste/core';
import {
  deriveAnalyticsItem,
  selectItemEvent,
  viewItemListEvent,
  type AnalyticsItem,
  type ItemListEvent,
} from '../../lib/analytics-items';
import type { ProductCardView } from '../catalogue/product-card-view';
import { pushToDataLayer, useActionEvent, useTrackingEnabled } from '../../lib/data-layer';

/**
 * A product card as an analytics item (spec §3 'Analytics items': per product name, sku and
 * id). A list shows products, not variants, so the variant id is the product's own.
 */
export function cardAnalyticsItem(card: ProductCardView): AnalyticsItem {
  const price = card.salePrice ?? card.price;
  return {
    item_name: card.title,
    item_id: card.sku,
    bc_item_id: card.commerceId,
    bc_parent_item_id: card.commerceId,
    quantity: 1,
    price,
    discount: card.salePrice === null ? 0 : Math.round((card.price - card.salePrice) * 100) / 100,
  };
}

/** A product list as analytics names it: its id and its shopper-facing name. */
export interface AnalyticsList {
  id: string;
  name: string;
}

/**
 * The list events of spec §7 'Other': `view_item_list` and `select_item`, pushed to
 * `window.dataLayer` only when tracking is enabled (a container is configured and the visitor
 * consented to analytics).
 */
export function useListAnalytics(list: AnalyticsList | undefined) {
  const enabled = useTrackingEnabled();
  const push = useCallback(
    (event: ItemListEvent<'view_item_list' | 'select_item'>) => {
      if (enabled && list) pushToDataLayer(event);
    },
    [enabled, list],
  );
  return {
    enabled: enabled && list !== undefined,
    viewed: useCallback(
      (cards: readonly ProductCardView[]) =>
        list && push(viewItemListEvent(list.id, list.name, cards.map(cardAnalyticsItem))),
      [list, push],
    ),
    selected: useCallback(
      (card: ProductCardView) => list && push(selectItemEvent(list.id, list.name, cardAnalyticsItem(card))),
      [list, push],
    ),
  };
}

/** GA4's cart events (docs/analytics.md 'Events'), with the derived items of spec §3 'Analytics items'. */
export interface CartEvent {
  event: 'add_to_cart' | 'remove_from_cart';
  ecommerce: { currency: string; value: number; items: AnalyticsItem[] };
}

/**
 * The event for `quantity` units of a cart line added or removed, from the line as the cart
 * prices it (spec §3: "Cart line item read: sku, variant_id, id (parent product id), name,
 * quantity, original_price, sale_price").
 */
export function cartLineEvent(
  event: CartEvent['event'],
  cart: CartDto,
  line: CartLineItemDto,
  quantity: number,
): CartEvent {
  const item = deriveAnalyticsItem({
    sku: line.sku,
    variant_id: line.variant_id,
    id: line.product_id,
    name: line.name,
    quantity,
    original_price: line.list_price,
    sale_price: line.sale_price,
  });
  return {
    event,
    ecommerce: { currency: cart.currency.code, value: roundHalfAwayFromZero(item.price * quantity, 2), items: [item] },
  };
}

/** Pushes a cart event that an action answered, once, and only when tracking is enabled (spec §7). */
export function useCartEvent(event: CartEvent | undefined): void {
  useActionEvent(event);
}
