import type { WebhookPayload } from './webhook-payload';

/** What a delivery means for us: which caches to clear and what search must re-index or drop. */
export interface WebhookChange {
  scope: string;
  /** Catalogue answers and reference data are stale: clear the response cache. */
  invalidateCatalogue: boolean;
  /** Products whose search documents are rebuilt. */
  reindexProducts: number[];
  /** Products deleted on BigCommerce: their search documents are removed. */
  removeProducts: number[];
  /** Carts changed on BigCommerce (e.g. by its hosted checkout). */
  cartIds: string[];
  /** Orders created or changed (order history and pro spend totals). */
  orderIds: number[];
}

/** The scopes we subscribe to (BigCommerce's wildcard scopes). */
export const WEBHOOK_SCOPES = ['store/product/*', 'store/sku/*', 'store/cart/*', 'store/order/*'] as const;

const nothing = (scope: string): WebhookChange => ({
  scope,
  invalidateCatalogue: false,
  reindexProducts: [],
  removeProducts: [],
  cartIds: [],
  orderIds: [],
});

const positiveId = (id: number | string): number[] => {
  const value = Number(id);
  return Number.isInteger(value) && value > 0 ? [value] : [];
};

/** Reads a delivery; null for a scope we did not subscribe to (acknowledged and ignored). */
export function handleWebhook(payload: WebhookPayload): WebhookChange | null {
  const { scope, data } = payload;
  if (scope === 'store/product/deleted') {
    return { ...nothing(scope), invalidateCatalogue: true, removeProducts: positiveId(data.id) };
  }
  if (scope.startsWith('store/product/')) {
    return { ...nothing(scope), invalidateCatalogue: true, reindexProducts: positiveId(data.id) };
  }
  if (scope.startsWith('store/sku/')) {
    const productId = data.sku?.product_id;
    return { ...nothing(scope), invalidateCatalogue: true, reindexProducts: productId ? [productId] : [] };
  }
  if (scope.startsWith('store/cart/')) {
    // Line-item events name the line in `id` and its cart in `cartId`.
    const cartId = data.cartId ?? String(data.id);
    return { ...nothing(scope), cartIds: [cartId] };
  }
  if (scope.startsWith('store/order/')) {
    return { ...nothing(scope), orderIds: positiveId(data.id) };
  }
  return null;
}
