import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPaymentLedgerFile, readPaymentLedgerFile } from './payment-ledger-file';
import { createTestPaymentProvider, TEST_CARDS } from './test-payment-provider';

const provider = createTestPaymentProvider({ now: () => new Date('2026-11-21T12:00:00Z') });
const card = (overrides: Partial<Parameters<typeof provider.authorize>[0]> = {}) => ({
  cardNumber: TEST_CARDS.authorises,
  expiry: '12/28',
  cvc: '123',
  holderName: 'Mara Lindqvist',
  ...overrides,
});

describe('test payment provider', () => {
  it('authorises the success card and any other valid card, naming brand and last four', async () => {
    expect(await provider.authorize(card(), 4999)).toMatchObject({
      status: 'authorized',
      last4: '4242',
      brand: 'visa',
    });
    expect(await provider.authorize(card({ cardNumber: '5555-5555-5555-4444' }), 4999)).toMatchObject({
      status: 'authorized',
      brand: 'mastercard',
    });
  });

  it.each([
    [TEST_CARDS.declines, 'card_declined'],
    [TEST_CARDS.insufficientFunds, 'insufficient_funds'],
  ])('declines the test card %s with %s', async (cardNumber, reason) => {
    expect(await provider.authorize(card({ cardNumber }), 4999)).toMatchObject({ status: 'declined', reason });
  });

  it.each([
    ['a number failing the Luhn check', { cardNumber: '4242 4242 4242 4241' }, 'invalid_card'],
    ['letters in the number', { cardNumber: '4242 abcd 4242 4242' }, 'invalid_card'],
    ['an expiry last month', { expiry: '10/26' }, 'expired_card'],
    ['an expiry in a bad format', { expiry: '2028-12' }, 'invalid_card'],
    ['month 13', { expiry: '13/28' }, 'invalid_card'],
    ['a two-digit security code', { cvc: '12' }, 'invalid_card'],
  ])('refuses %s', async (_name, overrides, reason) => {
    expect(await provider.authorize(card(overrides), 4999)).toMatchObject({ status: 'declined', reason });
  });

  it('accepts a card that expires this month', async () => {
    expect(await provider.authorize(card({ expiry: '11/26' }), 4999)).toMatchObject({ status: 'authorized' });
  });
});

describe('authorisations', () => {
  it('are held until captured or voided, and a captured payment cannot be voided', async () => {
    const payments = createTestPaymentProvider();
    const held = await payments.authorize(card(), 4999);
    if (held.status !== 'authorized') throw new Error('expected an authorisation');
    expect(payments.stateOf(held.transactionId)).toBe('authorized');
    await payments.capture(held.transactionId);
    await payments.void(held.transactionId);
    expect(payments.stateOf(held.transactionId)).toBe('captured');

    const released = await payments.authorize(card(), 1200);
    if (released.status !== 'authorized') throw new Error('expected an authorisation');
    await payments.void(released.transactionId);
    expect(payments.stateOf(released.transactionId)).toBe('voided');
    await expect(payments.capture('test_unknown')).rejects.toThrow(/Unknown payment transaction/);
  });
});

describe('refunds', () => {
  async function captured(payments: ReturnType<typeof createTestPaymentProvider>, amountMinor: number) {
    const held = await payments.authorize(card(), amountMinor);
    if (held.status !== 'authorized') throw new Error('expected an authorisation');
    await payments.capture(held.transactionId);
    return held.transactionId;
  }

  it('give back a captured payment in parts, never more than was captured in total', async () => {
    const payments = createTestPaymentProvider();
    const transactionId = await captured(payments, 5000);
    const first = await payments.refund(transactionId, 1200);
    const second = await payments.refund(transactionId, 3700);
    expect(first.refundId).toMatch(/^test_refund_/);
    expect(second.refundId).not.toBe(first.refundId);
    await expect(payments.refund(transactionId, 101)).rejects.toMatchObject({
      code: 'REFUND_REFUSED',
      message: expect.stringContaining('between 1 and 100'),
    });
    await payments.refund(transactionId, 100);
    await expect(payments.refund(transactionId, 1)).rejects.toMatchObject({ code: 'REFUND_REFUSED' });
    expect(payments.stateOf(transactionId)).toBe('captured');
  });

  it('refuse a payment only authorised, a voided one, an unknown one and amounts that are not whole and positive', async () => {
    const payments = createTestPaymentProvider();
    const held = await payments.authorize(card(), 4000);
    const released = await payments.authorize(card(), 4000);
    if (held.status !== 'authorized' || released.status !== 'authorized') throw new Error('expected authorisations');
    await payments.void(released.transactionId);
    await expect(payments.refund(held.transactionId, 100)).rejects.toMatchObject({
      code: 'REFUND_REFUSED',
      message: expect.stringContaining('authorized, not captured'),
    });
    await expect(payments.refund(released.transactionId, 100)).rejects.toMatchObject({ code: 'REFUND_REFUSED' });
    await expect(payments.refund('test_unknown', 100)).rejects.toMatchObject({ code: 'REFUND_REFUSED' });
    const transactionId = await captured(payments, 4000);
    for (const amount of [0, -5, 12.5]) {
      await expect(payments.refund(transactionId, amount)).rejects.toMatchObject({ code: 'REFUND_REFUSED' });
    }
  });

  it('are kept in the ledger, so the next process counts what was already given back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'piste-ledger-'));
    const path = join(dir, 'payments.jsonl');
    try {
      const before = createTestPaymentProvider({ ledger: createPaymentLedgerFile(path) });
      const transactionId = await captured(before, 3000);
      const { refundId } = await before.refund(transactionId, 2000);

      const after = createTestPaymentProvider({ ledger: createPaymentLedgerFile(path) });
      expect(after.stateOf(transactionId)).toBe('captured');
      await expect(after.refund(transactionId, 1001)).rejects.toMatchObject({ code: 'REFUND_REFUSED' });
      await after.refund(transactionId, 1000);
      expect(readPaymentLedgerFile(path).filter((entry) => entry.state === 'refunded')).toEqual([
        expect.objectContaining({ transactionId, amountMinor: 2000, refundId }),
        expect.objectContaining({ transactionId, amountMinor: 1000 }),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the authorisations still held', () => {
  it('are listed oldest first with when they were made, also by the next process, until settled', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'piste-ledger-'));
    const path = join(dir, 'payments.jsonl');
    let clock = new Date('2026-11-21T12:00:00Z');
    try {
      const before = createTestPaymentProvider({ now: () => clock, ledger: createPaymentLedgerFile(path) });
      const first = await before.authorize(card(), 4999);
      clock = new Date('2026-11-21T12:05:00Z');
      const second = await before.authorize(card(), 1200);
      const third = await before.authorize(card(), 800);
      if (first.status !== 'authorized' || second.status !== 'authorized' || third.status !== 'authorized') {
        throw new Error('expected authorisations');
      }
      await before.capture(third.transactionId);

      const after = createTestPaymentProvider({ now: () => clock, ledger: createPaymentLedgerFile(path) });
      const expected = [
        { transactionId: first.transactionId, amountMinor: 4999, authorizedAt: new Date('2026-11-21T12:00:00Z') },
        { transactionId: second.transactionId, amountMinor: 1200, authorizedAt: new Date('2026-11-21T12:05:00Z') },
      ];
      expect(before.heldAuthorisations()).toEqual(expected);
      expect(after.heldAuthorisations()).toEqual(expected);
      await after.void(first.transactionId);
      expect(after.heldAuthorisations()).toEqual(expected.slice(1));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a ledger file (PAYMENT_LEDGER_FILE)', () => {
  it('lets the next process capture or void what an earlier one authorised, and keeps every change', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'piste-ledger-'));
    const path = join(dir, 'nested', 'payments.jsonl');
    try {
      const before = createTestPaymentProvider({ ledger: createPaymentLedgerFile(path) });
      const held = await before.authorize(card(), 4999);
      const released = await before.authorize(card(), 1200);
      if (held.status !== 'authorized' || released.status !== 'authorized') throw new Error('expected authorisations');
      await before.void(released.transactionId);

      // The process dies; a new one reads the ledger back.
      const after = createTestPaymentProvider({ ledger: createPaymentLedgerFile(path) });
      expect(after.stateOf(held.transactionId)).toBe('authorized');
      await after.capture(held.transactionId);
      await after.capture(released.transactionId);
      expect(after.stateOf(held.transactionId)).toBe('captured');
      expect(after.stateOf(released.transactionId)).toBe('voided');
      expect(readPaymentLedgerFile(path).map((entry) => entry.state)).toEqual([
        'authorized',
        'authorized',
        'voided',
        'captured',
      ]);
      expect(readPaymentLedgerFile(path).every((entry) => !Number.isNaN(Date.parse(entry.at)))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads past a last line cut short by a crash mid-write', () => {
    const dir = mkdtempSync(join(tmpdir(), 'piste-ledger-'));
    const path = join(dir, 'payments.jsonl');
    try {
      const at = '2026-11-21T12:00:00.000Z';
      appendFileSync(
        path,
        `{"transactionId":"test_a","amountMinor":100,"state":"captured","at":"${at}"}\n{"transactionId":"te`,
      );
      expect(readPaymentLedgerFile(path)).toEqual([
        { transactionId: 'test_a', amountMinor: 100, state: 'captured', at },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
