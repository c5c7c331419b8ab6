import { z } from 'zod';

/** docs/api.md 'Cart': a cart line holds 1–99 of its variant (and never more than is in stock). */
export const MAX_LINE_QUANTITY = 99;
/** Distinct lines a cart may hold, and line items one call may send. */
export const MAX_CART_LINES = 100;

const QUANTITY_MESSAGE = `must be a whole number from 1 to ${MAX_LINE_QUANTITY}`;

const id = z
  .number({ error: 'must be a positive whole number' })
  .int({ error: 'must be a positive whole number' })
  .positive({ error: 'must be a positive whole number' })
  .max(2_147_483_647, { error: 'is too large' });

const quantitySchema = z
  .number({ error: QUANTITY_MESSAGE })
  .int({ error: QUANTITY_MESSAGE })
  .min(1, { error: QUANTITY_MESSAGE })
  .max(MAX_LINE_QUANTITY, { error: QUANTITY_MESSAGE });

/** A cart or line item id: the engine's UUIDs (any other text would fail in the database). */
export const cartIdSchema = z.guid({ error: 'must be a cart id (a UUID)' }).transform((value) => value.toLowerCase());
export const cartItemIdSchema = z
  .guid({ error: 'must be a line item id (a UUID)' })
  .transform((value) => value.toLowerCase());

const lineItemSchema = z.strictObject({ product_id: id, variant_id: id, quantity: quantitySchema });
export type CartLineItemInput = z.output<typeof lineItemSchema>;

const lineItems = z
  .array(lineItemSchema, { error: 'must be a list of { product_id, variant_id, quantity }' })
  .min(1, { error: 'must hold at least one line item' })
  .max(MAX_CART_LINES, { error: `may hold at most ${MAX_CART_LINES} line items` });

/** `POST cart/create` and `POST cart/{cartId}/items` (BigCommerce's `line_items`). */
export const cartLineItemsBodySchema = z.strictObject({ line_items: lineItems });

/** `PUT cart/{cartId}/items/{itemId}` (spec §3 'Cart update payload': productID, quantity; variantID changes the variant). */
export const cartItemUpdateBodySchema = z.strictObject({
  productID: id,
  quantity: quantitySchema,
  variantID: id.optional(),
});
export type CartItemUpdate = z.output<typeof cartItemUpdateBodySchema>;

/** `PUT cart/{cartId}` (spec §3 'Cart customer link payload': customerID). */
export const cartCustomerBodySchema = z.strictObject({ customerID: id.nullable() });
