import { DomainError } from '@piste/core';
import type { CartLineItemInput } from '@piste/commerce';
import type { BigCommerceClient } from '../../client/bigcommerce-client';
import { BigCommerceError } from '../../client/bigcommerce-error';
import { bigCommerceCartSchema, CART_INCLUDE, type BigCommerceCart } from './cart-wire';

/**
 * The v3 cart calls (github.com/bigcommerce/docs reference/carts/carts.v3.yml, the Management
 * API's carts — not the storefront's carts.sf.yml). A 422 (a variant that does not exist, not
 * enough stock) is the shopper's to fix: INVALID_DATA with BigCommerce's words.
 */
export function bigCommerceCarts(client: BigCommerceClient) {
  const read = (call: string, data: unknown) => client.parse(call, bigCommerceCartSchema, data);

  async function refusalsAsInvalidData<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof BigCommerceError && (error.status === 422 || error.status === 400)) {
        const stock = /stock/i.test(error.detail);
        throw new DomainError(
          'INVALID_DATA',
          error.detail || 'The cart cannot hold these items.',
          stock ? 'INSUFFICIENT_STOCK' : 'CART_REFUSED',
        );
      }
      throw error;
    }
  }

  const lineItems = (items: readonly CartLineItemInput[]) =>
    items.map(({ quantity, product_id, variant_id }) => ({ quantity, product_id, variant_id }));

  return {
    create(input: {
      channelId: number;
      currencyCode: string;
      customerId: number | null;
      items: readonly CartLineItemInput[];
    }): Promise<BigCommerceCart> {
      return refusalsAsInvalidData(async () => {
        const answer = await client.v3('/carts', {
          method: 'POST',
          query: CART_INCLUDE,
          json: {
            channel_id: input.channelId,
            currency: { code: input.currencyCode },
            ...(input.customerId ? { customer_id: input.customerId } : {}),
            line_items: lineItems(input.items),
          },
        });
        return read('POST /v3/carts', answer.data);
      });
    },

    /** The cart, or null when BigCommerce no longer has it (ordered, deleted or expired). */
    async get(cartId: string): Promise<BigCommerceCart | null> {
      try {
        const answer = await client.v3(`/carts/${cartId}`, { query: CART_INCLUDE });
        return read('GET /v3/carts/{cartId}', answer.data);
      } catch (error) {
        if (error instanceof BigCommerceError && error.status === 404) return null;
        throw error;
      }
    },

    addItems(cartId: string, items: readonly CartLineItemInput[]): Promise<BigCommerceCart> {
      return refusalsAsInvalidData(async () => {
        const answer = await client.v3(`/carts/${cartId}/items`, {
          method: 'POST',
          query: CART_INCLUDE,
          json: { line_items: lineItems(items) },
        });
        return read('POST /v3/carts/{cartId}/items', answer.data);
      });
    },

    updateItem(
      cartId: string,
      itemId: string,
      item: { product_id: number; variant_id: number; quantity: number },
    ): Promise<BigCommerceCart> {
      return refusalsAsInvalidData(async () => {
        const answer = await client.v3(`/carts/${cartId}/items/${itemId}`, {
          method: 'PUT',
          query: CART_INCLUDE,
          json: { line_item: item },
        });
        return read('PUT /v3/carts/{cartId}/items/{itemId}', answer.data);
      });
    },

    /** The cart without the line; null when it was the last (BigCommerce then deletes the cart, answering 204). */
    async removeItem(cartId: string, itemId: string): Promise<BigCommerceCart | null> {
      const answer = await client.v3(`/carts/${cartId}/items/${itemId}`, { method: 'DELETE', query: CART_INCLUDE });
      return answer.data === undefined ? null : read('DELETE /v3/carts/{cartId}/items/{itemId}', answer.data);
    },

    async setCustomer(cartId: string, customerId: number | null): Promise<BigCommerceCart> {
      const answer = await client.v3(`/carts/${cartId}`, {
        method: 'PUT',
        query: CART_INCLUDE,
        json: { customer_id: customerId ?? 0 },
      });
      return read('PUT /v3/carts/{cartId}', answer.data);
    },

    async delete(cartId: string): Promise<void> {
      try {
        await client.v3(`/carts/${cartId}`, { method: 'DELETE' });
      } catch (error) {
        if (!(error instanceof BigCommerceError && error.status === 404)) throw error;
      }
    },
  };
}

export type BigCommerceCarts = ReturnType<typeof bigCommerceCarts>;
