import type { Db } from '@piste/db';
import type { PaymentEvent, PaymentProviderId } from '../payments/payment-contract';
import { paymentEvents } from '../schema/index';
import { recordPaymentAmount } from './order-payment-records';

/** Applies the payment provider's verified webhook events to our orders (docs/checkout.md 'Webhooks'). */
export interface PaymentEvents {
  /** `applied` the first time an event id arrives; `duplicate` for a retried delivery, which changes nothing. */
  apply(provider: PaymentProviderId, event: PaymentEvent): Promise<'applied' | 'duplicate'>;
}

export function createPaymentEvents(db: Db): PaymentEvents {
  return {
    async apply(provider, event) {
      return db.transaction(async (tx) => {
        const [recorded] = await tx
          .insert(paymentEvents)
          .values({ provider, eventId: event.id, type: event.type, intentId: event.intentId })
          .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
          .returning({ eventId: paymentEvents.eventId });
        if (!recorded) return 'duplicate';
        const { intentId } = event;
        if (intentId === null) return 'applied';
        // A refund made at the provider (its dashboard, or our back office through it).
        if (event.type === 'charge.refunded' && event.amountRefundedMinor !== undefined) {
          await recordPaymentAmount(tx, intentId, 'refundedMinor', event.amountRefundedMinor);
        }
        // A capture our checkout's answer did not get to record (the process stopped after it).
        if (event.type === 'payment_intent.succeeded' && event.amountCapturedMinor !== undefined) {
          await recordPaymentAmount(tx, intentId, 'capturedMinor', event.amountCapturedMinor);
        }
        return 'applied';
      });
    },
  };
}
