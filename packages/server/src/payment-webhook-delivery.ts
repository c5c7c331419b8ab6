import type { SignedWebhookDelivery } from '@piste/commerce/server';
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundWork } from './background-work';

/** Sends one delivery to the shop's webhook route and answers its HTTP status. */
export type WebhookSender = (delivery: SignedWebhookDelivery) => Promise<number>;

/**
 * The test payment provider's webhook deliveries (docs/checkout.md 'Webhooks'), sent as a hosted
 * provider sends them: after the change, not in the call that made it, and again on failure
 * (a few times, with growing pauses). A failure is logged, never thrown into the checkout.
 */
export interface PaymentWebhookDelivery {
  deliver(delivery: SignedWebhookDelivery): void;
  /** Where deliveries go: the app connects its own `POST /api/webhooks/payments` once registered. */
  connect(send: WebhookSender): void;
}

/** Pauses before the 2nd, 3rd and 4th attempts. */
const RETRY_DELAYS_MS = [100, 1_000, 3_000];

export function createPaymentWebhookDelivery(
  backgroundWork: BackgroundWork,
  logger: Pick<FastifyBaseLogger, 'warn'>,
  retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
): PaymentWebhookDelivery {
  let send: WebhookSender | null = null;

  async function attempt(delivery: SignedWebhookDelivery): Promise<void> {
    for (let tries = 0; ; tries++) {
      let failure: string;
      try {
        if (!send) throw new Error('no webhook route is connected');
        const status = await send(delivery);
        if (status >= 200 && status < 300) return;
        failure = `answered ${status}`;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      const delay = retryDelaysMs[tries];
      logger.warn(
        { eventId: delivery.eventId, attempt: tries + 1, failure },
        delay === undefined ? 'payment webhook not delivered; giving up' : 'payment webhook not delivered; retrying',
      );
      if (delay === undefined) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  return {
    deliver: (delivery) => backgroundWork.run('payment webhook delivery', () => attempt(delivery)),
    connect(sender) {
      send = sender;
    },
  };
}
