import type { FastifyInstance } from 'fastify';
import { testPaymentsUrlOf, type Config } from '../config';
import type { Services } from '../services';
import { buildTestPaymentsApp } from './test-payments-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** The test payment provider's own origin, when the embedded engine takes payments with it; main.ts listens for it. */
    testPayments: FastifyInstance | null;
  }
}

/**
 * Builds the test provider's origin beside the shop's app (closed with it), when the shop's
 * payments are the embedded test provider's. The shop's origin (PUBLIC_URL) is the only one that
 * may frame its element.
 */
export async function attachTestPayments(app: FastifyInstance, services: Services, config: Config): Promise<void> {
  const gateway = services.embeddedOnly?.testGateway ?? null;
  const testPayments = gateway
    ? await buildTestPaymentsApp({ gateway, shopOrigin: new URL(config.PUBLIC_URL).origin, logger: app.log })
    : null;
  app.decorate('testPayments', testPayments);
  if (testPayments) app.addHook('onClose', () => testPayments.close());
}

/** Starts the test provider's listener (TEST_PAYMENTS_PORT, default PORT + 1); its origin, or null without one. */
export async function listenForTestPayments(app: FastifyInstance, config: Config): Promise<string | null> {
  if (!app.testPayments) return null;
  await app.testPayments.listen({ host: config.HOST, port: config.TEST_PAYMENTS_PORT ?? config.PORT + 1 });
  return testPaymentsUrlOf(config);
}
