import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@piste/db';
import type { PaymentProvider } from '../payments/payment-contract';
import { orders } from '../schema/index';
import { recordPaymentAmount } from './order-payment-records';
import type { PaymentRecovery, PaymentRecoveryReport } from './order-contract';

/**
 * Settles the authorisations that checkouts left behind (docs/checkout.md 'Recovery'): the
 * process died between an order's commit and its capture, or before the order was written, or
 * the commit's outcome never came back. Each authorisation still held from before
 * `authorizedBefore` is captured when an order names it and voided when none does. The caller
 * picks `authorizedBefore` so that no checkout can still be running for those: a later order
 * would find its payment voided. Running it again changes nothing.
 */
export function createPaymentRecovery(db: Db, payments: PaymentProvider): PaymentRecovery {
  return {
    async settle(authorizedBefore: Date): Promise<PaymentRecoveryReport> {
      const held = (await payments.heldAuthorisations()).filter(
        (authorisation) => authorisation.authorizedAt < authorizedBefore,
      );
      const report: PaymentRecoveryReport = { captured: [], voided: [] };
      if (held.length === 0) return report;
      const transactionId = sql<string>`${orders.payment}->>'transactionId'`;
      const ordered = await db
        .select({ orderId: orders.id, transactionId })
        .from(orders)
        .where(
          inArray(
            transactionId,
            held.map((authorisation) => authorisation.intentId),
          ),
        );
      const orderOf = new Map(ordered.map((order) => [order.transactionId, order.orderId]));
      for (const { intentId: id, amountMinor } of held) {
        const orderId = orderOf.get(id);
        if (orderId === undefined) {
          await payments.void(id);
          report.voided.push({ transactionId: id, amountMinor });
        } else {
          await payments.capture(id);
          await recordPaymentAmount(db, id, 'capturedMinor', amountMinor);
          report.captured.push({ transactionId: id, amountMinor, orderId });
        }
      }
      return report;
    },
  };
}
