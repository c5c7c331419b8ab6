import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { CARD_NUMBER_MASK } from '@piste/core';
import { createSeededPagesApp } from '../../test/support/app-harness';
import cardGuard, { CARD_GUARD_EXEMPT } from './card-guard';

const CARD = '4242424242424242';
const REFUSED = {
  error: {
    code: 'CARD_DATA_REFUSED',
    message: "Card numbers are never sent to this shop: type your card in the payment provider's card form.",
  },
};
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('the card guard on every endpoint (issue 28, the payment flow 7)', () => {
  let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
  /** Every line the app logged, at every level. */
  const logged: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(line: Buffer, _encoding, done) {
        logged.push(line.toString());
        done();
      },
    });
    harness = await createSeededPagesApp({}, { logger: { level: 'trace', stream } });
  });
  afterAll(() => harness.close());

  it('refuses a card number in an API query, however it is written', async () => {
    for (const query of ['4242+4242+4242+4242', '4242%204242%204242%204242', '4242-4242-4242-4242', CARD]) {
      const response = await harness.app.inject({ method: 'GET', url: `/api/products?keyword=${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual(REFUSED);
    }
  });

  it('refuses a card number deep in a JSON body, before the CSRF check or any handler reads it', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/cart/create',
      payload: { line_items: [{ product_id: 1, quantity: 1, note: `card ${CARD} exp 12/28` }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(REFUSED);
  });

  it('refuses one in the admin API, the content API and GraphQL, each in its own error shape', async () => {
    const signIn = await harness.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: 'owner@piste.example', password: '5555 5555 5555 4444' },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toEqual(REFUSED);
    const content = await harness.app.inject({
      method: 'POST',
      url: '/api/content/v3/content_types/page/entries',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: { title: '378282246310005' } }),
    });
    expect(content.statusCode).toBe(400);
    expect(content.body).toContain('Card numbers are never sent to this shop');
    const graphql = await harness.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: 'query Q($q: String) { __typename }', variables: { q: '6011 1111 1111 1117' } },
    });
    expect(graphql.statusCode).toBe(400);
    expect(graphql.body).toContain('Card numbers are never sent to this shop');
  });

  it('answers a page address holding one with a page that says why, in the shopper’s language', async () => {
    const page = await harness.app.inject({ method: 'GET', url: `/de-de/search?q=${CARD}` });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Dieser Shop nimmt keine Kartennummern an');
    expect(page.body).not.toContain(CARD);
    const data = await harness.app.inject({ method: 'GET', url: `/en-us/search.data?q=${CARD}` });
    expect(data.statusCode).toBe(400);
    expect(data.json()).toEqual(REFUSED);
  });

  it('refuses a page form holding one (readFormData): a page saying why, or the data a fetcher reads', async () => {
    const page = await harness.app.inject({
      method: 'POST',
      url: '/en-us/cart',
      headers: FORM,
      payload: new URLSearchParams({ intent: 'update', itemId: 'x', quantity: '4242 4242 4242 4242' }).toString(),
    });
    expect(page.statusCode).toBe(400);
    // The root's error boundary says why (in English: an action's error page has no root data to translate with).
    expect(page.body).toContain('This shop takes no card numbers');
    expect(page.body).not.toContain('4242');
    const fetched = await harness.app.inject({
      method: 'POST',
      url: '/en-us/email-signup',
      headers: FORM,
      payload: new URLSearchParams({ email: 'ada@example.com', note: '4242-4242-4242-4242' }).toString(),
    });
    expect(fetched.statusCode).toBe(400);
    expect(fetched.json()).toEqual({ ok: false, ...REFUSED.error });
  });

  it('lets phone numbers, barcodes and order numbers through', async () => {
    for (const query of ['%2B4917612345109', '4006381333924', '1042']) {
      const response = await harness.app.inject({ method: 'GET', url: `/en-us/search?q=${query}` });
      expect(response.statusCode, query).toBe(200);
    }
  });

  it('never logs a card number: the URLs it logs are masked', () => {
    const digitsOnly = (line: string) => line.replace(/%20|[\s+-]/g, '');
    const leaking = logged.filter((line) =>
      ['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117'].some((card) =>
        digitsOnly(line).includes(card),
      ),
    );
    expect(leaking).toEqual([]);
    expect(logged.some((line) => line.includes(`keyword=${CARD_NUMBER_MASK}`))).toBe(true);
  });
});

describe('a payment provider webhook', () => {
  it('is exempt only where its route says so', async () => {
    const app = Fastify({ logger: false });
    await app.register(cardGuard);
    app.post('/webhooks/payments', { config: CARD_GUARD_EXEMPT }, async () => ({ received: true }));
    app.post('/webhooks/other', async () => ({ received: true }));
    const event = { data: { object: { description: `order paid with ${CARD}` } } };
    expect((await app.inject({ method: 'POST', url: '/webhooks/payments', payload: event })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/webhooks/other', payload: event })).statusCode).toBe(400);
    await app.close();
  });
});
