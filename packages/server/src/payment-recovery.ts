import type { FastifyInstance } from 'fastify';
import type { PaymentRecovery } from '@piste/commerce';

/** How often the authorisations still held are looked at again. */
const SWEEP_INTERVAL_MS = 5 * 60_000;
/**
 * How old an authorisation must be to be settled: older than any checkout runs, than a shopper
 * takes between paying in the provider's element and placing the order, and than TCP goes on
 * resending a commit a silent network held (about 15 minutes on Linux), so no order can still
 * appear for it.
 */
const STALE_AFTER_MS = 30 * 60_000;

/**
 * Settles what checkouts left authorised (docs/checkout.md 'Recovery'), once when the app is
 * ready and then every 5 minutes: each authorisation held for 30 minutes is captured when an
 * order names it and voided when none does. Authorisations are not this process's own (the
 * shopper's browser confirms them at the provider, which every instance shares), so a restart
 * is no sign that one was abandoned: only its age is.
 */
export function schedulePaymentRecovery(app: FastifyInstance, recovery: PaymentRecovery): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let closed = false;

  async function sweep(): Promise<void> {
    try {
      const report = await recovery.settle(new Date(Date.now() - STALE_AFTER_MS));
      for (const { orderId, transactionId, amountMinor } of report.captured) {
        app.log.warn({ orderId, transactionId, amountMinor }, 'captured the payment a checkout left authorised');
      }
      for (const { transactionId, amountMinor } of report.voided) {
        app.log.warn({ transactionId, amountMinor }, 'voided an authorisation no order was placed for');
      }
    } catch (error) {
      app.log.error({ err: error }, 'settling the payments checkouts left authorised failed; retried later');
    }
  }

  function schedule() {
    if (closed) return;
    timer = setTimeout(() => {
      running = sweep().finally(() => {
        running = null;
        schedule();
      });
    }, SWEEP_INTERVAL_MS);
    timer.unref();
  }

  app.addHook('onReady', async () => {
    await sweep();
    schedule();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}
