import { DomainError } from '@piste/core';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartLineItemInput } from '@piste/commerce';

/**
 * The embedded cart's line rules that BigCommerce does not check the same way (cart-lines.ts:
 * same messages and codes): whole quantities from 1 to 99, one line per variant, at most 100
 * lines. Stock is BigCommerce's to check: its refusal comes back as INVALID_DATA.
 */
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

/** The lines a change leaves: at most 100, none above 99. `label` names a line in the message. */
export function assertLineLimits(lines: readonly { label: string; quantity: number }[]): void {
  if (lines.length > MAX_CART_LINES) {
    throw new DomainError('INVALID_DATA', `A cart holds at most ${MAX_CART_LINES} lines.`, 'TOO_MANY_LINES');
  }
  for (const line of lines) {
    if (line.quantity > MAX_LINE_QUANTITY) {
      throw new DomainError(
        'INVALID_DATA',
        `A cart line holds at most ${MAX_LINE_QUANTITY}; ${line.label} would have ${line.quantity}.`,
        'QUANTITY_LIMIT',
      );
    }
  }
}
