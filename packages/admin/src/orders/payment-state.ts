import type { PaymentProvider } from '@piste/commerce/server';
import { isDomainError } from '@piste/core';

/** Where an order's payment stands for the back office: held, taken, released, or unknown (null). */
export type PaymentState = 'authorized' | 'captured' | 'voided';

const STATE_OF_STATUS: Partial<Record<string, PaymentState>> = {
  requires_capture: 'authorized',
  succeeded: 'captured',
  canceled: 'voided',
};

/** The provider's own view of a payment intent (its dashboard), in the back office's words. */
export async function paymentStateOf(payments: PaymentProvider, intentId: string): Promise<PaymentState | null> {
  try {
    return STATE_OF_STATUS[(await payments.retrieveIntent(intentId)).status] ?? null;
  } catch (error) {
    if (isDomainError(error, 'NOT_FOUND')) return null;
    throw error;
  }
}
