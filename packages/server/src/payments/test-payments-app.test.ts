import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentIntent, TestCardInput, TestPaymentGateway } from '@piste/commerce/server';
import { DomainError } from '@piste/core';
import { buildTestPaymentsApp } from './test-payments-app';
import { CARD_ELEMENT_SCRIPT, cspHash } from './test-payments-scripts';

const SHOP = 'http://127.0.0.1:4100';
const SECRET = 'pi_1_secret_abc';

/**
 * The gateway's answers as the test provider gives them (test-gateway-contract.ts): these tests
 * are about this origin's HTTP side, what it answers and what it never logs.
 */
function gatewayStandIn(): TestPaymentGateway & { confirmed: TestCardInput[] } {
  const intent: PaymentIntent = {
    id: 'pi_1',
    status: 'requires_payment_method',
    amountMinor: 12_345,
    currency: 'EUR',
    clientSecret: SECRET,
    metadata: {},
    card: null,
    lastError: null,
    capturedMinor: 0,
    refundedMinor: 0,
    created: new Date(),
  };
  const forClient = (id: string, secret: string) => {
    if (id !== intent.id || secret !== SECRET) throw new DomainError('NOT_FOUND', 'No such payment intent.');
    return intent;
  };
  const confirmed: TestCardInput[] = [];
  return {
    confirmed,
    async confirmWithCard(id, secret, card) {
      forClient(id, secret);
      confirmed.push(card);
      const digits = card.number.replace(/\D/g, '');
      if (digits === '4000000000000002') {
        Object.assign(intent, { lastError: { code: 'card_declined', message: 'Your card was declined.' } });
      } else if (digits === '4000000000009995') {
        Object.assign(intent, {
          lastError: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
        });
      } else if (digits === '4242424242424241') {
        Object.assign(intent, { lastError: { code: 'incorrect_number', message: 'Check the card number.' } });
      } else {
        const needsAction = digits === '4000002760003184';
        Object.assign(intent, { status: needsAction ? 'requires_action' : 'requires_capture', lastError: null });
      }
      return { ...intent };
    },
    async confirmWithToken() {
      throw new Error('not used here');
    },
    async completeAuthentication(id, secret, passed) {
      forClient(id, secret);
      Object.assign(
        intent,
        passed
          ? { status: 'requires_capture', lastError: null }
          : {
              status: 'requires_payment_method',
              lastError: { code: 'payment_intent_authentication_failure', message: 'Authentication failed.' },
            },
      );
      return { ...intent };
    },
    async intentForClient(id, secret) {
      return { ...forClient(id, secret) };
    },
  };
}

const card = (number: string) => ({ number, expiry: '12/34', cvc: '123', holder_name: 'Mara Lindqvist' });

let logLines: string[] = [];
async function appWith(gateway = gatewayStandIn()) {
  logLines = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const app = await buildTestPaymentsApp({ gateway, shopOrigin: SHOP, logger: pino({ level: 'trace' }, sink) });
  return { app, gateway };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  // Whatever a test sent, no card number reached a log line.
  for (const line of logLines) expect(line).not.toMatch(/4242|4000 ?0000|4000 ?0027/);
});

describe('the test payment provider origin', () => {
  it('serves the card element for the shop to frame, and only the shop, running only its own script', async () => {
    const { app } = await appWith();
    close = () => app.close();
    const response = await app.inject({ url: '/elements/card?locale=de-de' });
    expect(response.statusCode).toBe(200);
    const policy = response.headers['content-security-policy'] as string;
    expect(policy).toContain(`frame-ancestors ${SHOP}`);
    expect(policy).toContain(`script-src ${cspHash(CARD_ELEMENT_SCRIPT)}`);
    expect(policy).not.toContain('unsafe-inline');
    expect(response.body).toContain(`<script>${CARD_ELEMENT_SCRIPT}</script>`);
    // In the shopper's language, and a form with no field names: nothing it holds can be submitted by itself.
    expect(response.body).toContain('Kartennummer');
    expect(response.body).not.toMatch(/<input[^>]* name=/);
    expect(response.body).toContain(JSON.stringify(SHOP));
  });

  it('authorises a confirmation with a good card, answering the status and amount, never the card', async () => {
    const { app, gateway } = await appWith();
    close = () => app.close();
    const response = await app.inject({
      method: 'POST',
      url: '/v1/payment_intents/pi_1/confirm',
      payload: { client_secret: SECRET, locale: 'de-de', card: card('4242 4242 4242 4242') },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 'pi_1',
      status: 'requires_capture',
      amount: 12_345,
      currency: 'EUR',
      amount_text: '123,45\u00a0€',
    });
    expect(gateway.confirmed[0]).toEqual({
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      holderName: 'Mara Lindqvist',
    });
  });

  it('answers a declined card with 402 and the reason, and a wrong card number next to its field', async () => {
    const { app } = await appWith();
    close = () => app.close();
    const confirm = (number: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/payment_intents/pi_1/confirm',
        payload: { client_secret: SECRET, locale: 'fr-fr', card: card(number) },
      });
    const declined = await confirm('4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      status: 'requires_payment_method',
      error: { code: 'card_declined', message: 'Your card was declined.', field: null },
    });
    const mistyped = await confirm('4242 4242 4242 4241');
    expect(mistyped.json().error).toEqual({
      code: 'incorrect_number',
      message: 'Vérifiez le numéro de carte.',
      field: 'number',
    });
  });

  it('refuses a wrong client secret or an unknown intent with 404, and malformed or oversized bodies with 400 and 413', async () => {
    const { app, gateway } = await appWith();
    close = () => app.close();
    const wrongSecret = await app.inject({
      method: 'POST',
      url: '/v1/payment_intents/pi_1/confirm',
      payload: { client_secret: 'pi_1_secret_guessed', card: card('4242 4242 4242 4242') },
    });
    expect(wrongSecret.statusCode).toBe(404);
    const unknown = await app.inject({ url: `/challenge/pi_2?client_secret=${SECRET}` });
    expect(unknown.statusCode).toBe(404);
    const malformed = await app.inject({
      method: 'POST',
      url: '/v1/payment_intents/pi_1/confirm',
      payload: { client_secret: SECRET, card: { number: '4242 4242 4242 4242' } },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toContain('4242');
    const oversized = await app.inject({
      method: 'POST',
      url: '/v1/payment_intents/pi_1/confirm',
      payload: { client_secret: SECRET, card: card('4242 4242 4242 4242'), padding: 'x'.repeat(5000) },
    });
    expect(oversized.statusCode).toBe(413);
    const notJson = await app.inject({
      method: 'POST',
      url: '/v1/payment_intents/pi_1/confirm',
      headers: { 'content-type': 'application/json' },
      payload: '{"card": {"number": "4242 4242 4242 4242"',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.body).not.toContain('4242');
    expect(gateway.confirmed).toEqual([]);
  });

  it('asks for the extra authentication on its own page, with the amount, and tells the shop the outcome', async () => {
    const { app } = await appWith();
    close = () => app.close();
    const confirmed = await app.inject({
      method: 'POST',
      url: '/v1/payment_intents/pi_1/confirm',
      payload: { client_secret: SECRET, locale: 'en-gb', card: card('4000 0027 6000 3184') },
    });
    expect(confirmed.json()).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'redirect_to_url', url: `/challenge/pi_1?client_secret=${SECRET}&locale=en-gb` },
    });
    const challenge = await app.inject({ url: confirmed.json().next_action.url });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.headers['content-security-policy']).toContain(`frame-ancestors ${SHOP}`);
    expect(challenge.body).toContain('Your bank asks you to confirm this payment of €123.45.');

    const passed = await app.inject({
      method: 'POST',
      url: '/challenge/pi_1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_secret: SECRET, locale: 'en-gb', outcome: 'pass' }).toString(),
    });
    expect(passed.statusCode).toBe(200);
    expect(passed.body).toContain('Payment confirmed.');
    expect(passed.body).toContain('{"type":"piste-payment:result","status":"authorized","intentId":"pi_1"}');

    // Answered already: a second post changes nothing and says so again.
    const again = await app.inject({
      method: 'POST',
      url: '/challenge/pi_1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_secret: SECRET, outcome: 'fail' }).toString(),
    });
    expect(again.body).toContain('"status":"authorized"');
  });

  it('tells the shop a failed authentication, with its reason', async () => {
    const { app } = await appWith();
    close = () => app.close();
    await app.inject({
      method: 'POST',
      url: '/v1/payment_intents/pi_1/confirm',
      payload: { client_secret: SECRET, card: card('4000 0027 6000 3184') },
    });
    const failed = await app.inject({
      method: 'POST',
      url: '/challenge/pi_1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_secret: SECRET, outcome: 'fail' }).toString(),
    });
    expect(failed.body).toContain('The payment was not confirmed.');
    expect(failed.body).toContain(
      '{"type":"piste-payment:result","status":"failed","intentId":"pi_1","code":"payment_intent_authentication_failure","message":"Authentication failed."}',
    );
  });
});
