import { describe, expect, it, vi } from 'vitest';
import { resolveCommerceRegion, type HostedCheckout } from '@piste/commerce';
import { cartSessionCookie, orderSessionCookie } from '@piste/commerce/server';
import { DomainError, resolveLocaleState } from '@piste/core';
import { handOverToHostedCheckout } from './hosted-checkout.server';

const CART = { cartId: '3f0c6a0e-7d1b-4c55-9a4e-2b8f8f2f6b1a', secret: 'a'.repeat(43) };
const enUs = resolveLocaleState({ locale: 'en-us' });
/** The browser's cart cookie, as our pages set it. */
const cartCookie = cartSessionCookie(CART, { secure: false }).split(';')[0]!;

function checkoutRequest(query = '', cookie: string | null = cartCookie) {
  return new Request(`http://shop.test/en-us/checkout${query}`, { headers: cookie ? { cookie } : {} });
}

function contextWith(orders: { get: (...args: unknown[]) => Promise<unknown> }, customerId: number | null = null) {
  return {
    customer: customerId === null ? null : { customer: { id: customerId } },
    publicUrl: 'https://shop.test',
    shopper: { region: resolveCommerceRegion('us') },
    services: { orders },
  } as unknown as Parameters<typeof handOverToHostedCheckout>[0];
}

/** What the loader answered or threw: React Router treats a thrown Response as the answer. */
async function answerOf(promise: Promise<unknown>) {
  try {
    return await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const noOrders = { get: vi.fn(async () => ({})) };

describe('the checkout page when the platform’s hosted checkout takes orders', () => {
  it('sends the shopper to the hosted checkout with their cart, signed in when they are', async () => {
    const hosted: HostedCheckout = { checkoutUrl: vi.fn(async () => 'https://store.test/login/token/jwt') };
    const answer = (await answerOf(
      handOverToHostedCheckout(contextWith(noOrders, 7), hosted, checkoutRequest(), enUs),
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('https://store.test/login/token/jwt');
    expect(hosted.checkoutUrl).toHaveBeenCalledWith(
      { region: resolveCommerceRegion('us') },
      CART.cartId,
      { secret: CART.secret, customerId: 7 },
      { customerId: 7, returnUrl: 'https://shop.test/en-us/checkout' },
    );
  });

  it('sends a shopper without a cart, or whose cart is gone, back to the cart page', async () => {
    const hosted: HostedCheckout = {
      checkoutUrl: vi.fn(async () => {
        throw new DomainError('NOT_FOUND', 'Cart not found.');
      }),
    };
    for (const request of [checkoutRequest('', null), checkoutRequest()]) {
      const answer = (await answerOf(
        handOverToHostedCheckout(contextWith(noOrders), hosted, request, enUs),
      )) as Response;
      expect(answer.headers.get('location')).toBe('/en-us/cart');
    }
  });

  it('shows a pro past their spend limit the message our checkout shows, with the way to the cart', async () => {
    const values = { limit: '$3,000.00', left: '$120.00' };
    const hosted: HostedCheckout = {
      checkoutUrl: async () => {
        throw new DomainError('CONFLICT', 'Past the spend limit.', 'SPEND_LIMIT_EXCEEDED', values);
      },
    };
    const answer = await handOverToHostedCheckout(contextWith(noOrders, 7), hosted, checkoutRequest(), enUs);
    expect(answer).toMatchObject({
      init: { status: 409 },
      data: {
        hostedCheckoutRefused: true,
        message: { message: expect.stringContaining('pro spend limit of {limit}'), values },
        cartLink: true,
      },
    });
  });

  it('turns the cart’s session into the order’s when the shopper comes back with their order', async () => {
    const orders = { get: vi.fn(async () => ({ id: 100_007 })) };
    const hosted: HostedCheckout = { checkoutUrl: vi.fn(async () => 'unused') };
    const answer = (await answerOf(
      handOverToHostedCheckout(contextWith(orders), hosted, checkoutRequest('?order=100007'), enUs),
    )) as Response;
    expect(orders.get).toHaveBeenCalledWith(100_007, { cartSecret: CART.secret, customerId: null });
    expect(answer.headers.get('location')).toBe('/en-us/checkout/confirmation/100007');
    const cookies = answer.headers.getSetCookie();
    expect(cookies).toEqual([
      expect.stringMatching(/^piste_cart=; .*Max-Age=0/),
      expect.stringMatching(new RegExp(`^piste_order=100007\\.${CART.secret};`)),
    ]);
    expect(hosted.checkoutUrl).not.toHaveBeenCalled();
  });

  it('shows the confirmation again on a reload, once the cart’s session became the order’s', async () => {
    const orders = { get: vi.fn(async () => ({ id: 100_007 })) };
    const hosted: HostedCheckout = { checkoutUrl: vi.fn(async () => 'unused') };
    const orderCookie = orderSessionCookie({ orderId: 100_007, secret: CART.secret }, { secure: false }).split(';')[0]!;
    const answer = (await answerOf(
      handOverToHostedCheckout(contextWith(orders), hosted, checkoutRequest('?order=100007', orderCookie), enUs),
    )) as Response;
    expect(answer.headers.get('location')).toBe('/en-us/checkout/confirmation/100007');
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it('changes nothing for an order number that is not the session’s, or not a number', async () => {
    const orders = {
      get: vi.fn(async () => {
        throw new DomainError('NOT_FOUND', 'Order not found.');
      }),
    };
    const hosted: HostedCheckout = { checkoutUrl: vi.fn(async () => 'unused') };
    for (const query of ['?order=100008', '?order=abc', '?order=99999999999']) {
      const answer = (await answerOf(
        handOverToHostedCheckout(contextWith(orders), hosted, checkoutRequest(query), enUs),
      )) as Response;
      expect(answer.headers.get('location')).toBe('/en-us/cart');
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    expect(orders.get).toHaveBeenCalledTimes(1);
  });
});
