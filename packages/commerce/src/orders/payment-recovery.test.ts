import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { createPaymentLedgerFile, readPaymentLedgerFile } from '../payments/payment-ledger-file';
import type { PaymentProvider } from '../payments/payment-contract';
import { createTestPaymentProvider, TEST_CARDS } from '../payments/test-payment-provider';
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

const card = { cardNumber: TEST_CARDS.authorises, expiry: '12/30', cvc: '123', holderName: 'Tessa Calloway' };

async function authorise(payments: PaymentProvider, amountMinor: number): Promise<string> {
  const result = await payments.authorize(card, amountMinor);
  if (result.status !== 'authorized') throw new Error('expected an authorisation');
  return result.transactionId;
}

describe.each(testDatabaseKinds())('payment recovery on $name', (kind) => {
  let testDatabase: TestDatabase;
  let nextOrderId = 100001;
  let dir: string;

  beforeAll(async () => {
    testDatabase = await kind.create();
    dir = mkdtempSync(join(tmpdir(), 'piste-recovery-'));
  });
  afterAll(async () => {
    await testDatabase.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

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
      payment: { provider: 'test', transactionId, brand: 'visa', last4: '4242', authorizedMinor: 100, capturedMinor: 0, refundedMinor: 0 },
      cartId: randomUUID(),
      idempotencyKey: randomUUID(),
    });
    return id;
  }

  it('captures what an order names and voids what none does, from the ledger a killed process left', async () => {
    const ledgerFile = join(dir, `${kind.name}-payments.jsonl`);
    let clock = new Date('2026-11-21T12:00:00Z');
    const killed = createTestPaymentProvider({ now: () => clock, ledger: createPaymentLedgerFile(ledgerFile) });
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
    const payments = createTestPaymentProvider({ now: () => clock, ledger: createPaymentLedgerFile(ledgerFile) });
    // A checkout of the new process, in flight: authorised after the cut-off, its order not yet written.
    const inFlight = await authorise(payments, 2500);
    const recovery = createPaymentRecovery(testDatabase.database.db, payments);

    expect(await recovery.settle(new Date('2026-11-21T12:00:30Z'))).toEqual({
      captured: [{ transactionId: committed, amountMinor: 4999, orderId }],
      voided: [{ transactionId: orderless, amountMinor: 1200 }],
    });
    expect(payments.stateOf(committed)).toBe('captured');
    expect(payments.stateOf(orderless)).toBe('voided');
    expect(payments.stateOf(settled)).toBe('captured');
    expect(payments.stateOf(inFlight)).toBe('authorized');
    // Written to the ledger, as the provider's own record.
    const last = new Map(readPaymentLedgerFile(ledgerFile).map((entry) => [entry.transactionId, entry.state]));
    expect(last.get(committed)).toBe('captured');
    expect(last.get(orderless)).toBe('voided');

    // Once done, done: a second run finds nothing to settle.
    expect(await recovery.settle(new Date('2026-11-21T12:00:30Z'))).toEqual({ captured: [], voided: [] });
  });
});

describe('payment recovery with nothing to settle', () => {
  it('reads no orders while nothing older than the cut-off is held', async () => {
    const payments = createTestPaymentProvider();
    await authorise(payments, 4999);
    const unreadable = { select: () => Promise.reject(new Error('the database was read')) };
    const recovery = createPaymentRecovery(unreadable as unknown as TestDatabase['database']['db'], payments);
    expect(await recovery.settle(new Date(Date.now() - 60_000))).toEqual({ captured: [], voided: [] });
  });
});
