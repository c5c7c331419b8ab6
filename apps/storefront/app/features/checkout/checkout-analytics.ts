import { useEffect } from 'react';
import type { CartDto, OrderDto } from '@piste/commerce';
import { deriveAnalyticsItem, type AnalyticsItem } from '../../lib/analytics-items';
import { orderSavings } from '../orders/order-view';
import { pushToDataLayer, usePageViewEvent, useTrackingEnabled } from '../../lib/data-layer';

/** GA4's checkout events (docs/analytics.md 'Events'), with the derived items of spec §3 'Analytics items'. */
export type EcommerceEvent =
  | { event: 'begin_checkout'; ecommerce: { currency: string; value: number; items: AnalyticsItem[] } }
  | {
      event: 'purchase';
      ecommerce: {
        transaction_id: string;
        currency: string;
        value: number;
        tax: number;
        shipping: number;
        /** The order's coupon codes, comma-separated; absent without one. */
        coupon?: string;
        /** What promotions took off the items (coupons and automatic ones), in the order's currency. */
        discount: number;
        items: AnalyticsItem[];
      };
    };

/** `begin_checkout` for the cart being checked out; value is what its lines cost. */
export function beginCheckoutEvent(cart: CartDto): EcommerceEvent {
  return {
    event: 'begin_checkout',
    ecommerce: {
      currency: cart.currency.code,
      value: cart.cart_amount,
      items: cart.line_items.physical_items.map((line) =>
        deriveAnalyticsItem({
          sku: line.sku,
          variant_id: line.variant_id,
          id: line.product_id,
          name: line.name,
          quantity: line.quantity,
          original_price: line.list_price,
          sale_price: line.sale_price,
        }),
      ),
    },
  };
}

/**
 * `purchase` for a placed order. As in GA4's own examples, value is the items' revenue (after
 * promotions); shipping and tax are reported beside it (tax is contained in EU prices, added in
 * the US), and the coupon codes and promotions' saving too (issue 28 'Promotions').
 */
export function purchaseEvent(order: OrderDto): EcommerceEvent {
  const { discounts } = orderSavings(order);
  const codes = discounts.flatMap((row) => (row.code ? [row.code] : []));
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: String(order.id),
      currency: order.currency_code,
      value: order.subtotal_inc_tax,
      tax: order.total_tax,
      shipping: order.shipping_cost_inc_tax,
      ...(codes.length > 0 ? { coupon: codes.join(',') } : {}),
      discount: Math.round(discounts.reduce((sum, row) => sum + row.amount * 100, 0)) / 100,
      items: order.products.map((line) =>
        deriveAnalyticsItem({
          sku: line.sku,
          variant_id: line.variant_id,
          id: line.product_id,
          name: line.name,
          quantity: line.quantity,
          original_price: line.base_price,
          sale_price: line.price_inc_tax,
        }),
      ),
    },
  };
}

/** Whether `key` was already marked in this browser (and marks it). Without storage, never. */
function alreadySent(key: string): boolean {
  try {
    if (window.localStorage.getItem(key) !== null) return true;
    window.localStorage.setItem(key, '1');
  } catch {
    // Storage can be disabled; the event is then sent on every view rather than never.
  }
  return false;
}

/**
 * Pushes `begin_checkout` when the checkout page shows, once per visit to it (not again as its
 * forms revalidate the page), and only when tracking is enabled (spec §7).
 */
export function useBeginCheckoutEvent(event: EcommerceEvent): void {
  usePageViewEvent(event);
}

/**
 * Pushes `purchase` when the confirmation shows, only when tracking is enabled, and once per
 * browser (`onceKey`): a reloaded confirmation is no new purchase.
 */
export function usePurchaseEvent(event: EcommerceEvent, onceKey: string): void {
  const enabled = useTrackingEnabled();
  useEffect(() => {
    if (!enabled || alreadySent(onceKey)) return;
    pushToDataLayer(event);
  }, [enabled, event, onceKey]);
}
