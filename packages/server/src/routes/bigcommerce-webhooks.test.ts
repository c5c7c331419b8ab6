import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_SECRET_HEADER, type WebhookChange } from '@piste/bigcommerce';
import { bigCommerceWebhookRoutes } from './bigcommerce-webhooks';

const SECRET = 'webhook-secret-0123456789abcdef0123456789';

/**
 * Deliveries as BigCommerce sends them (github.com/bigcommerce/docs
 * reference/webhooks/callbacks/data/store_sku_updated.json and store_cart_created.json; the custom
 * header is the one our subscription sets, developer.bigcommerce.com/docs/integrations/webhooks).
 */
const skuUpdated = {
  scope: 'store/sku/updated',
  store_id: '1025646',
  data: { type: 'sku', id: 461, sku: { product_id: 206, variant_id: 509 } },
  hash: '7a0866943b1f46cfda31c3218931f5aab83a4c73',
  created_at: 1561480465,
  producer: 'stores/pistefake',
};

let app: ReturnType<typeof Fastify> | undefined;
afterEach(() => app?.close());

async function webhookApp(onChange: (change: WebhookChange) => Promise<void> | void = () => {}) {
  const changes: WebhookChange[] = [];
  app = Fastify({ logger: false });
  await app.register(
    bigCommerceWebhookRoutes({
      secret: SECRET,
      onChange: async (change) => {
        changes.push(change);
        await onChange(change);
      },
    }),
    { prefix: '/api' },
  );
  const deliver = (body: unknown, secret: string | null = SECRET) =>
    app!.inject({
      method: 'POST',
      url: '/api/webhooks/bigcommerce',
      headers: {
        'content-type': 'application/json',
        ...(secret === null ? {} : { [WEBHOOK_SECRET_HEADER]: secret }),
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { changes, deliver };
}

describe('POST /api/webhooks/bigcommerce', () => {
  it('refuses a delivery without the secret, or with a wrong one, and changes nothing', async () => {
    const { changes, deliver } = await webhookApp();
    expect((await deliver(skuUpdated, null)).statusCode).toBe(401);
    const wrong = await deliver(skuUpdated, `${SECRET.slice(0, -1)}x`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
    expect(changes).toEqual([]);
  });

  it('answers a body that is not a delivery with 400', async () => {
    const { changes, deliver } = await webhookApp();
    expect((await deliver({ scope: 'store/sku/updated' })).statusCode).toBe(400);
    expect((await deliver('{not json')).statusCode).toBe(400);
    expect(changes).toEqual([]);
  });

  it('refuses an oversized body', async () => {
    const { changes, deliver } = await webhookApp();
    const response = await deliver({ ...skuUpdated, padding: 'x'.repeat(20_000) });
    expect(response.statusCode).toBe(413);
    expect(changes).toEqual([]);
  });

  it('acknowledges a scope we do not handle without acting on it', async () => {
    const { changes, deliver } = await webhookApp();
    const response = await deliver({
      ...skuUpdated,
      scope: 'store/customer/created',
      data: { type: 'customer', id: 7 },
    });
    expect(response.statusCode).toBe(202);
    expect(changes).toEqual([]);
  });

  it('applies a SKU change: the catalogue cache is cleared and its product re-indexed', async () => {
    const { changes, deliver } = await webhookApp();
    const response = await deliver(skuUpdated);
    expect(response.statusCode).toBe(200);
    expect(changes).toEqual([
      {
        scope: 'store/sku/updated',
        invalidateCatalogue: true,
        reindexProducts: [206],
        removeProducts: [],
        cartIds: [],
        orderIds: [],
      },
    ]);
  });

  it('applies product deletions, cart and order events', async () => {
    const { changes, deliver } = await webhookApp();
    await deliver({ ...skuUpdated, scope: 'store/product/deleted', data: { type: 'product', id: 12 } });
    await deliver({
      ...skuUpdated,
      scope: 'store/cart/created',
      data: { type: 'cart', id: '09346904-4175-44fd-be53-f7e598531b6c' },
    });
    await deliver({ ...skuUpdated, scope: 'store/order/created', data: { type: 'order', id: 100 } });
    expect(changes).toMatchObject([
      { removeProducts: [12], reindexProducts: [], invalidateCatalogue: true },
      { cartIds: ['09346904-4175-44fd-be53-f7e598531b6c'], invalidateCatalogue: false },
      { orderIds: [100], invalidateCatalogue: false },
    ]);
  });

  it('answers 503 when the change cannot be applied, so BigCommerce sends it again', async () => {
    const { deliver } = await webhookApp(() => Promise.reject(new Error('search index unreachable')));
    expect((await deliver(skuUpdated)).statusCode).toBe(503);
  });
});
