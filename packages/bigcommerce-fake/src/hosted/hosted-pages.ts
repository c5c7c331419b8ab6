import type { FastifyInstance } from 'fastify';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET } from '../demo-store';
import type { FakeState } from '../state';
import { cartAnswer } from '../carts/carts-state';
import { verifyCustomerLoginJwt } from './customer-login';

/**
 * The store's own pages the shop hands shoppers to, at the storefront origin (outside
 * `/stores/{hash}`): `/login/token/{jwt}` signs a customer in and sends them on, and a bare
 * hosted checkout at the cart's `checkout_url` whose "Place order" turns the cart into an order,
 * takes the stock, deletes the cart and returns to the shop's `return_url` with `order={id}`.
 */
const CUSTOMER_COOKIE = 'fake_bc_customer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

/** Only an http(s) address may be returned to; anything else goes to the store's home. */
function returnAddress(value: string | undefined, orderId: number): string {
  try {
    const url = new URL(value ?? '');
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '/';
    url.searchParams.set('order', String(orderId));
    return url.toString();
  } catch {
    return '/';
  }
}

export function registerHostedPages(app: FastifyInstance, state: FakeState, storeHash: string): void {
  const usedJtis = new Set<string>();

  app.register(async (pages) => {
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    pages.get('/login/token/:jwt', async (request, reply) => {
      const { jwt } = request.params as { jwt: string };
      const claims = verifyCustomerLoginJwt(jwt, {
        clientId: FAKE_CLIENT_ID,
        clientSecret: FAKE_CLIENT_SECRET,
        storeHash,
        usedJtis,
      });
      if (typeof claims === 'string' || !state.customers.lookupCustomer(claims.customer_id)) {
        const reason = typeof claims === 'string' ? claims : 'no such customer';
        return reply
          .status(401)
          .type('text/html')
          .send(page('Sign-in failed', `<h1>Sign-in failed</h1><p>${escapeHtml(reason)}</p>`));
      }
      reply.header('set-cookie', `${CUSTOMER_COOKIE}=${claims.customer_id}; Path=/; HttpOnly; SameSite=Lax`);
      return reply.redirect(claims.redirect_to, 302);
    });

    pages.get('/checkout', async (request, reply) => {
      const query = request.query as { cart?: string; token?: string; return_url?: string };
      const cart = query.cart ? state.carts.carts.get(query.cart) : undefined;
      if (!cart || !cart.checkoutToken || cart.checkoutToken !== query.token) {
        return reply.status(404).type('text/html').send(page('Checkout', '<h1>Your cart is empty</h1>'));
      }
      const answer = cartAnswer(cart, state.catalog, '', false);
      const customer = cart.customerId ? state.customers.lookupCustomer(cart.customerId) : null;
      const lines = answer.line_items.physical_items
        .map((line) => `<li>${escapeHtml(line.name)} × ${line.quantity}: ${line.extended_sale_price.toFixed(2)}</li>`)
        .join('');
      const hidden = (name: string, value: string) =>
        `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
      return reply
        .type('text/html')
        .send(
          page(
            'Checkout',
            `<h1>Checkout</h1><ul>${lines}</ul><p>Total ${escapeHtml(answer.currency.code)} ${answer.cart_amount.toFixed(2)}</p>` +
              `<form method="post" action="/checkout">${hidden('cart', cart.id)}${hidden('token', cart.checkoutToken)}` +
              `${hidden('return_url', query.return_url ?? '')}` +
              `<label>Email <input type="email" name="email" required value="${escapeHtml(customer?.email ?? '')}"></label>` +
              `<button type="submit">Place order</button></form>`,
          ),
        );
    });

    pages.post('/checkout', async (request, reply) => {
      const form = (request.body ?? {}) as { cart?: string; token?: string; return_url?: string; email?: string };
      const cart = form.cart ? state.carts.carts.get(form.cart) : undefined;
      if (!cart || !cart.checkoutToken || cart.checkoutToken !== form.token) {
        return reply.status(404).type('text/html').send(page('Checkout', '<h1>Your cart is empty</h1>'));
      }
      const email = (form.email ?? '').trim();
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) {
        return reply.status(422).type('text/html').send(page('Checkout', '<h1>Enter a valid email address</h1>'));
      }
      const answer = cartAnswer(cart, state.catalog, '', false);
      const orderId = state.orders.addOrder({
        customerId: cart.customerId,
        cartId: cart.id,
        channelId: cart.channelId,
        currencyCode: cart.currencyCode,
        subtotalIncTax: answer.cart_amount,
        totalIncTax: answer.cart_amount,
        statusId: 11,
        dateCreated: new Date(),
        billingEmail: email,
        lines: answer.line_items.physical_items.map((line) => ({
          productId: line.product_id,
          variantId: line.variant_id,
          sku: line.sku,
          name: line.name,
          quantity: line.quantity,
          priceIncTax: line.sale_price,
        })),
      });
      for (const line of cart.lines) state.catalog.adjustStock(line.variantId, -line.quantity);
      state.carts.carts.delete(cart.id);
      return reply.redirect(returnAddress(form.return_url, orderId), 303);
    });
  });
}
