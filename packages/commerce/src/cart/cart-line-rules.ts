import { DomainError } from '@piste/core';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartLineItemInput } from './cart-schemas';

/**
 * The rules a cart's lines keep whichever engine holds the cart, with the messages and codes the
 * API answers: whole quantities from 1 to 99, one line per variant of its own product, at most
 * 100 lines. Stock and whether the region sells a variant are each engine's to check.
 */

/** The engine's own check, for callers that skip the API's schemas (SSR actions). */
export function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    throw new DomainError(
      'INVALID_DATA',
      `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
      'INVALID_QUANTITY',
    );
  }
}

export function notAVariantOf(variantId: number, productId: number): DomainError {
  return new DomainError(
    'INVALID_DATA',
    `Variant ${variantId} is not a variant of product ${productId}.`,
    'UNKNOWN_VARIANT',
  );
}

/** An update may change a line's variant, never its product. */
export function assertSameProduct(itemId: string, heldProductId: number, askedProductId: number): void {
  if (askedProductId !== heldProductId) {
    throw new DomainError(
      'INVALID_DATA',
      `Line item ${itemId} holds product ${heldProductId}, not ${askedProductId}.`,
      'PRODUCT_MISMATCH',
    );
  }
}

/** Requested lines, one per variant: the same variant twice in one call is one line. */
export function mergeRequested(items: readonly CartLineItemInput[]): CartLineItemInput[] {
  if (items.length === 0) throw new DomainError('INVALID_DATA', 'Send at least one line item.', 'INVALID_PARAMETER');
  const byVariant = new Map<number, CartLineItemInput>();
  for (const item of items) {
    assertQuantity(item.quantity);
    const seen = byVariant.get(item.variant_id);
    if (seen && seen.product_id !== item.product_id) throw notAVariantOf(item.variant_id, item.product_id);
    byVariant.set(item.variant_id, { ...item, quantity: (seen?.quantity ?? 0) + item.quantity });
  }
  return [...byVariant.values()];
}

export function assertLineCount(count: number): void {
  if (count > MAX_CART_LINES) {
    throw new DomainError('INVALID_DATA', `A cart holds at most ${MAX_CART_LINES} lines.`, 'TOO_MANY_LINES');
  }
}

/** A line's quantity after a change (merged lines add up); `label` names the line in the message. */
export function assertLineQuantity(label: string, quantity: number): void {
  if (quantity > MAX_LINE_QUANTITY) {
    throw new DomainError(
      'INVALID_DATA',
      `A cart line holds at most ${MAX_LINE_QUANTITY}; ${label} would have ${quantity}.`,
      'QUANTITY_LIMIT',
    );
  }
}

/** The lines a change leaves: at most 100, none above 99. */
export function assertLineLimits(lines: readonly { label: string; quantity: number }[]): void {
  assertLineCount(lines.length);
  for (const line of lines) assertLineQuantity(line.label, line.quantity);
}
