import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { createTestPaymentProvider, type SignedWebhookDelivery, type TestPayments } from './test-payment-provider';
import { TEST_PAYMENT_CARDS, type TestCardInput } from './test-gateway-contract';
import { signWebhook } from './test-webhook-signature';

const SECRET = 'whsec_test_0123456789abcdef';
const card = (overrides: Partial<TestCardInput> = {}): TestCardInput => ({
  number: TEST_PAYMENT_CARDS.authorises.number,
  expiry: '12/28',
  cvc: '123',
  holderName: 'Mara Lindqvist',
  ...overrides,
});

let keys = 0;
const newKey = () => `key-${Date.now()}-${++keys}`;

describe.each(testDatabaseKinds())('the test payment provider on $name', (kind) => {
  let testDatabase: TestDatabase;
  let clock = new Date('2026-11-21T12:00:00Z');
  const sent: SignedWebhookDelivery[] = [];
  let payments: TestPayments;

  beforeAll(async () => {
    testDatabase = await kind.create();
    payments = createTestPaymentProvider(testDatabase.database.db, {
      webhookSecret: SECRET,
      testPaymentsUrl: 'http://localhost:3001/',
      deliver: (delivery) => sent.push(delivery),
      now: () => clock,
    });
  });
  afterAll(() => testDatabase.dispose());

  async function intent(amountMinor = 4999, metadata: Record<string, string> = { cart_id: 'c1' }) {
    return payments.createIntent({ amountMinor, currency: 'usd', idempotencyKey: newKey(), metadata });
  }
  async function captured(amountMinor: number) {
    const created = await intent(amountMinor);
    await payments.confirmWithToken(created.id, 'pm_card_visa');
    await payments.capture(created.id);
    return created.id;
  }
  const eventsOf = (intentId: string) =>
    sent.map((delivery) => JSON.parse(delivery.body)).filter((event) => JSON.stringify(event).includes(intentId));

  it('creates an intent waiting for a card, with a client secret it keeps only the hash of', async () => {
    const created = await intent(4999, { cart_id: 'c1', checkout_key: 'k' });
    expect(created).toMatchObject({
      status: 'requires_payment_method',
      amountMinor: 4999,
      currency: 'USD',
      metadata: { cart_id: 'c1', checkout_key: 'k' },
      card: null,
    });
    expect(created.clientSecret).toMatch(new RegExp(`^${created.id}_secret_`));
    expect((await payments.retrieveIntent(created.id)).clientSecret).toBe('');
    expect(await payments.intentForClient(created.id, created.clientSecret)).toMatchObject({ id: created.id });
    await expect(payments.intentForClient(created.id, `${created.clientSecret}x`)).rejects.toMatchObject({
      code: 'PAYMENT_NOT_FOUND',
    });
  });

  it('answers the same intent for the same key, with a new secret replacing the old, and refuses another amount', async () => {
    const idempotencyKey = newKey();
    const first = await payments.createIntent({ amountMinor: 1500, currency: 'EUR', idempotencyKey, metadata: {} });
    const again = await payments.createIntent({ amountMinor: 1500, currency: 'EUR', idempotencyKey, metadata: {} });
    expect(again.id).toBe(first.id);
    await expect(payments.intentForClient(first.id, first.clientSecret)).rejects.toMatchObject({
      code: 'PAYMENT_NOT_FOUND',
    });
    expect(await payments.intentForClient(first.id, again.clientSecret)).toMatchObject({ id: first.id });
    await expect(
      payments.createIntent({ amountMinor: 1600, currency: 'EUR', idempotencyKey, metadata: {} }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('authorises the success card and any other valid card, naming brand and last four only', async () => {
    const visa = await intent();
    expect(await payments.confirmWithCard(visa.id, visa.clientSecret, card())).toMatchObject({
      status: 'requires_capture',
      card: { brand: 'visa', last4: '4242' },
      lastError: null,
    });
    const mastercard = await intent();
    expect(
      await payments.confirmWithCard(mastercard.id, mastercard.clientSecret, card({ number: '5555-5555-5555-4444' })),
    ).toMatchObject({ status: 'requires_capture', card: { brand: 'mastercard', last4: '4444' } });
    expect(JSON.stringify(await payments.retrieveIntent(visa.id))).not.toContain('4242424242424242');
  });

  it.each([
    [TEST_PAYMENT_CARDS.declines.number, 'card_declined'],
    [TEST_PAYMENT_CARDS.insufficientFunds.number, 'insufficient_funds'],
    ['4242 4242 4242 4241', 'invalid_number'],
    ['4242 abcd 4242 4242', 'invalid_number'],
  ])('declines %s with %s and waits for another card', async (number, code) => {
    const created = await intent();
    expect(await payments.confirmWithCard(created.id, created.clientSecret, card({ number }))).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code },
    });
    expect(await payments.confirmWithCard(created.id, created.clientSecret, card())).toMatchObject({
      status: 'requires_capture',
    });
  });

  it.each([
    ['an expiry last month', { expiry: '10/26' }, 'expired_card'],
    ['an expiry in a bad format', { expiry: '2028-12' }, 'invalid_expiry'],
    ['month 13', { expiry: '13/28' }, 'invalid_expiry'],
    ['a two-digit security code', { cvc: '12' }, 'invalid_cvc'],
  ])('refuses %s', async (_name, overrides, code) => {
    const created = await intent();
    expect(await payments.confirmWithCard(created.id, created.clientSecret, card(overrides))).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code },
    });
  });

  it('accepts a card that expires this month', async () => {
    const created = await intent();
    expect(await payments.confirmWithCard(created.id, created.clientSecret, card({ expiry: '11/26' }))).toMatchObject({
      status: 'requires_capture',
    });
  });

  it('holds the authentication card in requires_action until the shopper passes or fails the challenge', async () => {
    const passed = await intent();
    const challenged = await payments.confirmWithCard(
      passed.id,
      passed.clientSecret,
      card({ number: TEST_PAYMENT_CARDS.needsAuthentication.number }),
    );
    expect(challenged).toMatchObject({ status: 'requires_action', card: { last4: '3184' } });
    await expect(payments.capture(passed.id)).rejects.toMatchObject({ code: 'PAYMENT_NOT_CAPTURABLE' });
    expect(await payments.completeAuthentication(passed.id, passed.clientSecret, true)).toMatchObject({
      status: 'requires_capture',
    });

    const failed = await intent();
    await payments.confirmWithToken(failed.id, 'pm_card_authenticationRequired');
    await expect(payments.completeAuthentication(failed.id, 'wrong', true)).rejects.toMatchObject({
      code: 'PAYMENT_NOT_FOUND',
    });
    expect(await payments.completeAuthentication(failed.id, failed.clientSecret, false)).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'authentication_failed' },
    });
  });

  it('captures only what is authorised, once; voids what is not captured; a captured payment stays taken', async () => {
    const created = await intent(2500);
    await expect(payments.capture(created.id)).rejects.toMatchObject({ code: 'PAYMENT_NOT_CAPTURABLE' });
    await payments.confirmWithToken(created.id, 'pm_card_visa');
    await payments.capture(created.id);
    await payments.capture(created.id);
    await payments.void(created.id);
    expect(await payments.retrieveIntent(created.id)).toMatchObject({ status: 'succeeded', capturedMinor: 2500 });

    for (const token of [null, 'pm_card_authenticationRequired', 'pm_card_visa']) {
      const released = await intent();
      if (token) await payments.confirmWithToken(released.id, token);
      await payments.void(released.id);
      expect((await payments.retrieveIntent(released.id)).status).toBe('canceled');
      await expect(payments.capture(released.id)).rejects.toMatchObject({ code: 'PAYMENT_NOT_CAPTURABLE' });
      await expect(payments.confirmWithToken(released.id, 'pm_card_visa')).rejects.toMatchObject({
        code: 'PAYMENT_CANCELED',
      });
    }
    await expect(payments.retrieveIntent('pi_test_unknown')).rejects.toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
  });

  it('refunds a captured payment in parts, never more than captured, once per idempotency key', async () => {
    const intentId = await captured(5000);
    const first = await payments.refund(intentId, 1200, 'r1');
    expect(await payments.refund(intentId, 1200, 'r1')).toEqual(first);
    const second = await payments.refund(intentId, 3700, 'r2');
    expect(second.refundId).not.toBe(first.refundId);
    await expect(payments.refund(intentId, 101, 'r3')).rejects.toMatchObject({
      code: 'REFUND_REFUSED',
      message: expect.stringContaining('between 1 and 100'),
    });
    await expect(payments.refund(intentId, 50, 'r1')).rejects.toMatchObject({ code: 'REFUND_REFUSED' });
    await payments.refund(intentId, 100, 'r3');
    await expect(payments.refund(intentId, 1, 'r4')).rejects.toMatchObject({ code: 'REFUND_REFUSED' });
    expect(await payments.retrieveIntent(intentId)).toMatchObject({ status: 'succeeded', refundedMinor: 5000 });
  });

  it('refuses to refund a payment only authorised, a voided one, an unknown one, and amounts not whole and positive', async () => {
    const held = await intent(4000);
    await payments.confirmWithToken(held.id, 'pm_card_visa');
    await expect(payments.refund(held.id, 100, 'a')).rejects.toMatchObject({
      code: 'REFUND_REFUSED',
      message: expect.stringContaining('requires_capture, not captured'),
    });
    await payments.void(held.id);
    await expect(payments.refund(held.id, 100, 'b')).rejects.toMatchObject({ code: 'REFUND_REFUSED' });
    await expect(payments.refund('pi_test_unknown', 100, 'c')).rejects.toMatchObject({ code: 'REFUND_REFUSED' });
    const intentId = await captured(4000);
    for (const amount of [0, -5, 12.5]) {
      await expect(payments.refund(intentId, amount, `d${amount}`)).rejects.toMatchObject({ code: 'REFUND_REFUSED' });
    }
  });

  it('lists the authorisations still held, oldest first, with when they were made', async () => {
    clock = new Date('2026-11-22T08:00:00Z');
    const first = await intent(4999);
    await payments.confirmWithToken(first.id, 'pm_card_visa');
    clock = new Date('2026-11-22T08:05:00Z');
    const second = await intent(1200);
    await payments.confirmWithToken(second.id, 'pm_card_visa');
    const held = (await payments.heldAuthorisations()).filter((entry) =>
      [first.id, second.id].includes(entry.intentId),
    );
    expect(held).toEqual([
      { intentId: first.id, amountMinor: 4999, authorizedAt: new Date('2026-11-22T08:00:00Z') },
      { intentId: second.id, amountMinor: 1200, authorizedAt: new Date('2026-11-22T08:05:00Z') },
    ]);
    await payments.void(first.id);
    expect((await payments.heldAuthorisations()).map((entry) => entry.intentId)).not.toContain(first.id);
  });

  it('signs an event for each change, which its own verification accepts and reads', async () => {
    const intentId = await captured(3000);
    await payments.refund(intentId, 1000, 'w1');
    expect(eventsOf(intentId).map((event) => event.type)).toEqual([
      'payment_intent.amount_capturable_updated',
      'payment_intent.succeeded',
      'charge.refunded',
    ]);
    const refunded = sent.at(-1)!;
    expect(payments.verifyWebhook(Buffer.from(refunded.body), refunded.headers)).toEqual({
      id: refunded.eventId,
      type: 'charge.refunded',
      intentId,
      amountRefundedMinor: 1000,
    });
  });

  it('refuses a delivery with no signature, a wrong one, an altered body or an old timestamp', () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'charge.refunded', data: { object: { payment_intent: 'pi_x' } } });
    const header = signWebhook(SECRET, body, clock);
    const refused = { code: 'WEBHOOK_SIGNATURE', kind: 'INVALID_DATA' };
    expect(() => payments.verifyWebhook(Buffer.from(body), {})).toThrow(expect.objectContaining(refused));
    expect(() =>
      payments.verifyWebhook(Buffer.from(body), {
        'piste-test-signature': signWebhook('another-secret-000', body, clock),
      }),
    ).toThrow(expect.objectContaining(refused));
    expect(() =>
      payments.verifyWebhook(Buffer.from(body.replace('pi_x', 'pi_y')), { 'piste-test-signature': header }),
    ).toThrow(expect.objectContaining(refused));
    const sixMinutesAgo = new Date(clock.getTime() - 6 * 60_000);
    expect(() =>
      payments.verifyWebhook(Buffer.from(body), { 'piste-test-signature': signWebhook(SECRET, body, sixMinutesAgo) }),
    ).toThrow(expect.objectContaining(refused));
    expect(payments.verifyWebhook(Buffer.from(body), { 'piste-test-signature': header })).toMatchObject({
      id: 'evt_1',
      intentId: 'pi_x',
    });
  });

  it("sets up the browser with the card element on the provider's origin and only that origin framed", () => {
    expect(payments.browserSetup()).toEqual({
      provider: 'test',
      elementUrl: 'http://localhost:3001/elements/card',
      csp: { script: [], frame: ['http://localhost:3001'], connect: [] },
    });
  });
});
