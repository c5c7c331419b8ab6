import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { createTestPaymentProvider, type TestPayments } from '../payments/test-provider/test-payment-provider';
import { eq } from 'drizzle-orm';
import { orders, type OrderAddress } from '../schema/index';
import { createPaymentRecovery } from './payment-recovery';

const address: OrderAddress = {
  first_name: 'Tessa',
  last_name: 'Calloway',
  company: '',
  street_1: '1450 South West Temple',
  street_2: '',
  city: 'Salt Lake City',
  state: 'UT',
  zip: '84115',
  country_iso2: 'US',
  phone: '',
  email: 'tessa@example.com',
};

/** An intent the shopper confirmed: authorised and held, as a checkout leaves it before its order. */
async function authorise(payments: TestPayments, amountMinor: number): Promise<string> {
  const intent = await payments.createIntent({
    amountMinor,
    currency: 'USD',
    idempotencyKey: randomUUID(),
    metadata: {},
  });
  await payments.confirmWithToken(intent.id, 'pm_card_visa');
  return intent.id;
}

const providerOn = (db: TestDatabase['database']['db'], now: () => Date) =>
  createTestPaymentProvider(db, {
    webhookSecret: 'whsec_test_recovery_0000',
    testPaymentsUrl: 'http://localhost:3001',
    now,
  });

describe.each(testDatabaseKinds())('payment recovery on $name', (kind) => {
  let testDatabase: TestDatabase;
  let nextOrderId = 100001;

  beforeAll(async () => {
    testDatabase = await kind.create();
  });
  afterAll(() => testDatabase.dispose());

  /** An order the checkout committed for this payment, as the orders table holds it. */
  async function orderPaidWith(transactionId: string, totalMinor: number): Promise<number> {
    const id = nextOrderId++;
    await testDatabase.database.db.insert(orders).values({
      id,
      region: 'us',
      currencyCode: 'USD',
      email: address.email,
      status: 'awaiting_fulfillment',
      billingAddress: address,
      shippingAddress: address,
      shippingMethod: { id: 1, name: 'Standard', type: 'flatrate' },
      subtotalMinor: totalMinor,
      discountMinor: 0,
      shippingMinor: 0,
      taxMinor: 0,
      taxIncluded: false,
      taxRate: '0',
      totalMinor,
      payment: {
        provider: 'test',
        transactionId,
        brand: 'visa',
        last4: '4242',
        authorizedMinor: totalMinor,
        capturedMinor: 0,
        refundedMinor: 0,
      },
      cartId: randomUUID(),
      idempotencyKey: randomUUID(),
    });
    return id;
  }

  it("captures what an order names and voids what none does, from the provider's books a killed process left", async () => {
    const db = testDatabase.database.db;
    let clock = new Date('2026-11-21T12:00:00Z');
    const killed = providerOn(db, () => clock);
    // Killed between the order's commit and its capture.
    const committed = await authorise(killed, 4999);
    const orderId = await orderPaidWith(committed, 4999);
    // Killed before its order was written.
    const orderless = await authorise(killed, 1200);
    // Settled in time, as most are.
    const settled = await authorise(killed, 800);
    await orderPaidWith(settled, 800);
    await killed.capture(settled);

    clock = new Date('2026-11-21T12:01:00Z');
    const payments = providerOn(db, () => clock);
    // A checkout of the new process, in flight: authorised after the cut-off, its order not yet written.
    const inFlight = await authorise(payments, 2500);
    const recovery = createPaymentRecovery(db, payments);

    expect(await recovery.settle(new Date('2026-11-21T12:00:30Z'))).toEqual({
      captured: [{ transactionId: committed, amountMinor: 4999, orderId }],
      voided: [{ transactionId: orderless, amountMinor: 1200 }],
    });
    const statusOf = async (id: string) => (await payments.retrieveIntent(id)).status;
    expect(await statusOf(committed)).toBe('succeeded');
    expect(await statusOf(orderless)).toBe('canceled');
    expect(await statusOf(settled)).toBe('succeeded');
    expect(await statusOf(inFlight)).toBe('requires_capture');
    // The order records what was captured.
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.payment).toMatchObject({ authorizedMinor: 4999, capturedMinor: 4999, refundedMinor: 0 });

    // Once done, done: a second run finds nothing to settle.
    expect(await recovery.settle(new Date('2026-11-21T12:00:30Z'))).toEqual({ captured: [], voided: [] });
  });
});

describe('payment recovery with nothing to settle', () => {
  it('reads no orders while nothing older than the cut-off is held', async () => {
    const payments = {
      heldAuthorisations: async () => [{ intentId: 'pi_test_new', amountMinor: 4999, authorizedAt: new Date() }],
    } as unknown as TestPayments;
    const unreadable = { select: () => Promise.reject(new Error('the database was read')) };
    const recovery = createPaymentRecovery(unreadable as unknown as TestDatabase['database']['db'], payments);
    expect(await recovery.settle(new Date(Date.now() - 60_000))).toEqual({ captured: [], voided: [] });
  });
});
