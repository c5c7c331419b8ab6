import { DomainError } from '@piste/core';
import {
  assertLineLimits,
  assertQuantity,
  assertSameProduct,
  mergeRequested,
  notAVariantOf,
  type CartAccess,
  type CartDto,
  type CartItemUpdate,
  type CartLineItemInput,
  type CartService,
  type CartSessionToken,
  type ShopperContext,
} from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { emptyCartDto, toCartDto } from './cart-pricing';
import { cartRecords, type CartRecord } from './cart-records';
import { cartSecretFor, cartSecretKey, cartSecretMatches } from './cart-secret';
import { bigCommerceCarts } from './cart-store';
import type { BigCommerceCart } from './cart-wire';

export interface CartOptions {
  /** Our media id of a BigCommerce image URL (the catalogue's mapping). */
  mediaIdOfImage: (imageUrl: string) => string | null;
}

/** The same answer the embedded cart gives for a cart that is missing or out of reach. */
export function cartNotFound(cartId: string): DomainError {
  return new DomainError('NOT_FOUND', `Cart ${cartId} does not exist.`);
}

/** A cart the caller reached: our record and BigCommerce's cart behind it (null while empty). */
interface OpenCart {
  record: CartRecord;
  cart: BigCommerceCart | null;
}

/**
 * Carts over BigCommerce's v3 carts (docs/providers/bigcommerce.md 'Carts and checkout'), with
 * the embedded cart's access rules: a guest cart opens with its session secret (an HMAC of the
 * cart id), a customer's cart only to that customer.
 */
export function createCartService(deps: BigCommerceProviderDeps, options: CartOptions) {
  const records = cartRecords(deps.db);
  const carts = bigCommerceCarts(deps.client);
  const secretKey = cartSecretKey(deps.settings.clientSecret);
  const regionOf = (shopper: ShopperContext) => deps.settings.regions[shopper.region.id];

  function mayReach(record: CartRecord, access: CartAccess): boolean {
    // A customer's cart stays closed to a session secret left behind on a shared computer.
    if (record.customerId !== null) return access.customerId != null && access.customerId === record.customerId;
    return cartSecretMatches(secretKey, record.id, access.secret);
  }

  async function open(cartId: string, access: CartAccess): Promise<OpenCart> {
    const record = await records.find(cartId);
    if (!record || !mayReach(record, access)) throw cartNotFound(cartId);
    if (record.bigcommerceCartId === null) return { record, cart: null };
    const cart = await carts.get(record.bigcommerceCartId);
    // BigCommerce no longer has it: the hosted checkout turned it into an order, or it expired.
    if (!cart) throw cartNotFound(cartId);
    return { record, cart };
  }

  /** Product categories, only when the shopper's group discounts some categories. */
  async function categoryIdsOf(shopper: ShopperContext, cart: BigCommerceCart) {
    const byProduct = new Map<number, number[]>();
    const ids = [...new Set(cart.line_items.physical_items.map((line) => line.product_id))];
    if (ids.length === 0 || !shopper.priceAdjustment?.rules.some((rule) => rule.type === 'category')) return byProduct;
    // reference/catalog/products_catalog.v3.yml: `include_fields` trims the answer to what is read.
    const products = await deps.client.v3All<{ id: number; categories: number[] }>('/catalog/products', {
      'id:in': ids,
      include_fields: 'categories',
    });
    for (const product of products) byProduct.set(product.id, product.categories ?? []);
    return byProduct;
  }

  async function answer(shopper: ShopperContext, record: CartRecord, cart: BigCommerceCart | null): Promise<CartDto> {
    const customerId = record.customerId;
    if (!cart) {
      return emptyCartDto(record.id, customerId, regionOf(shopper).currencyCode, record);
    }
    return toCartDto({
      shopper,
      cartId: record.id,
      customerId,
      cart,
      categoryIds: await categoryIdsOf(shopper, cart),
      imageUrl: deps.imageUrl,
      mediaIdOfImage: options.mediaIdOfImage,
    });
  }

  function findLine(cart: BigCommerceCart | null, cartId: string, itemId: string) {
    const line = cart?.line_items.physical_items.find((candidate) => candidate.id === itemId);
    if (!cart || !line) throw new DomainError('NOT_FOUND', `Line item ${itemId} is not in cart ${cartId}.`);
    return { cart, line };
  }

  const service: CartService = {
    async create(shopper, lineItems: readonly CartLineItemInput[]) {
      const requested = mergeRequested(lineItems);
      const region = regionOf(shopper);
      const cart = await carts.create({
        channelId: region.channelId,
        currencyCode: region.currencyCode,
        customerId: null,
        items: requested,
      });
      await records.insert(cart.id);
      const record = (await records.find(cart.id))!;
      const session: CartSessionToken = { cartId: cart.id, secret: cartSecretFor(secretKey, cart.id) };
      return { cart: await answer(shopper, record, cart), session };
    },

    async get(shopper, cartId, access) {
      const { record, cart } = await open(cartId, access);
      return answer(shopper, record, cart);
    },

    async addItems(shopper, cartId, access, lineItems) {
      const requested = mergeRequested(lineItems);
      const { record, cart } = await open(cartId, access);
      const lines = cart?.line_items.physical_items ?? [];
      const planned = lines.map(({ variant_id, product_id, name, sku, quantity }) => ({
        variant_id,
        product_id,
        label: `"${name}" (${sku})`,
        quantity,
      }));
      for (const item of requested) {
        const existing = planned.find((line) => line.variant_id === item.variant_id);
        if (existing && existing.product_id !== item.product_id) throw notAVariantOf(item.variant_id, item.product_id);
        if (existing) existing.quantity += item.quantity;
        else planned.push({ ...item, label: `variant ${item.variant_id}` });
      }
      assertLineLimits(planned);
      if (!cart) {
        // The cart was emptied and BigCommerce deleted it: a new BigCommerce cart behind the same id of ours.
        const region = regionOf(shopper);
        const created = await carts.create({
          channelId: region.channelId,
          currencyCode: region.currencyCode,
          customerId: record.customerId,
          items: requested,
        });
        await records.update(record.id, { bigcommerceCartId: created.id });
        return answer(shopper, record, created);
      }
      const changed = await carts.addItems(cart.id, requested);
      await records.update(record.id, {});
      return answer(shopper, record, changed);
    },

    async updateItem(shopper, cartId, access, itemId, update: CartItemUpdate) {
      assertQuantity(update.quantity);
      const opened = await open(cartId, access);
      const { cart, line } = findLine(opened.cart, cartId, itemId);
      assertSameProduct(itemId, line.product_id, update.productID);
      const variantId = update.variantID ?? line.variant_id;
      const other = cart.line_items.physical_items.find(
        (candidate) => candidate.variant_id === variantId && candidate.id !== line.id,
      );
      // Moving to a variant another line holds merges the two, as the embedded cart does.
      const target = other ?? line;
      const quantity = other ? other.quantity + update.quantity : update.quantity;
      assertLineLimits([{ label: `"${line.name}" (${target.sku})`, quantity }]);
      let changed = await carts.updateItem(cart.id, target.id, {
        product_id: line.product_id,
        variant_id: variantId,
        quantity,
      });
      if (other) changed = (await carts.removeItem(cart.id, line.id)) ?? changed;
      await records.update(opened.record.id, {});
      return answer(shopper, opened.record, changed);
    },

    async removeItem(shopper, cartId, access, itemId) {
      const opened = await open(cartId, access);
      const { cart } = findLine(opened.cart, cartId, itemId);
      const changed = await carts.removeItem(cart.id, itemId);
      // BigCommerce deletes a cart with its last line; ours stays, empty, until a line comes back.
      await records.update(opened.record.id, changed ? {} : { bigcommerceCartId: null });
      const record = (await records.find(opened.record.id))!;
      return answer(shopper, record, changed);
    },

    async linkCustomer(shopper, cartId, access, customerId) {
      const opened = await open(cartId, access);
      if (customerId !== null && customerId !== access.customerId) {
        throw new DomainError(
          'NOT_ALLOWED',
          'A cart can only be linked to the customer who is signed in.',
          'NOT_ALLOWED',
        );
      }
      const changed = opened.cart ? await carts.setCustomer(opened.cart.id, customerId) : null;
      await records.update(opened.record.id, { customerId });
      const record = (await records.find(opened.record.id))!;
      return answer(shopper, record, changed);
    },

    /**
     * The customer's most recently changed cart that BigCommerce still has (or an emptied one).
     * The secret is derived from the cart id, so this browser gets the same secret as any other.
     */
    async resumeForCustomer(customerId) {
      for (const record of await records.latestOf(customerId, 5)) {
        if (record.bigcommerceCartId !== null && !(await carts.get(record.bigcommerceCartId))) continue;
        return { cartId: record.id, secret: cartSecretFor(secretKey, record.id) };
      }
      return null;
    },

    async delete(cartId, access) {
      const record = await records.find(cartId);
      if (!record || !mayReach(record, access)) throw cartNotFound(cartId);
      if (record.bigcommerceCartId !== null) await carts.delete(record.bigcommerceCartId);
      await records.remove(cartId);
    },
  };

  return { service, open, records, secretKey };
}
