import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PaymentLedger, PaymentLedgerEntry } from './test-payment-provider';

/** The entries of a ledger file; a last line cut short by a crash mid-write is left out. */
export function readPaymentLedgerFile(path: string): PaymentLedgerEntry[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        return line ? [JSON.parse(line) as PaymentLedgerEntry] : [];
      } catch {
        return [];
      }
    });
}

/**
 * The test payment provider's ledger as a file of JSON lines (PAYMENT_LEDGER_FILE): each change
 * is appended before the call that made it returns, so a process killed right after a capture
 * has still recorded it, and the next process knows every authorisation it may capture or void.
 */
export function createPaymentLedgerFile(path: string): PaymentLedger {
  mkdirSync(dirname(path), { recursive: true });
  return {
    entries: () => readPaymentLedgerFile(path),
    record: (entry) => appendFileSync(path, `${JSON.stringify(entry)}\n`),
  };
}
