import { createBigCommerceClient, createBigCommerceCommerce, type BigCommerceSettings } from '@piste/bigcommerce';
import {
  createEmbeddedCommerce,
  createPaymentEvents,
  createTestPaymentProvider,
  type CommercePort,
  type ImageSize,
  type PaymentEvents,
  type PaymentProvider,
  type PromotionService,
  type ResponseCache,
  type SignedWebhookDelivery,
  type TaxService,
  type TestPaymentGateway,
} from '@piste/commerce/server';
import type { Db } from '@piste/db';
import { createStripePaymentProvider, type StripeSettings } from '@piste/payments-stripe';
import type { FastifyBaseLogger } from 'fastify';

/** What only the embedded engine runs: BigCommerce taxes and takes payments in its own checkout. */
export interface EmbeddedOnlyCommerce {
  /** VAT in the EU, sales tax in the US and Canada (docs/decisions/008-shipping-and-tax.md). */
  tax: TaxService;
  /** The payment provider our checkout charges, the payment recovery settles and the back office refunds. */
  payments: PaymentProvider;
  /** The test provider's confirmation side (its own origin's card element, and tests); null with a hosted provider. */
  testGateway: TestPaymentGateway | null;
  /** Applies the provider's verified webhook events to orders (`POST /api/webhooks/payments`). */
  paymentEvents: PaymentEvents;
  /** Coupon codes on carts (docs/promotions.md): BigCommerce keeps its own. */
  promotions: PromotionService;
}

export interface CommerceProviderOptions {
  /** The BigCommerce store (config.bigcommerce); null runs the embedded engine. */
  bigcommerce: BigCommerceSettings | null;
  imageUrl: (mediaId: string, size: ImageSize) => string;
  /** Catalogue answers: the database's change notifications or BigCommerce's webhooks clear it. */
  cache: ResponseCache;
  publicUrl: string;
  /** The embedded test payment provider's settings (docs/checkout.md 'Test payment provider'). */
  testPayments: {
    /** Its own origin, where its card element is (TEST_PAYMENTS_URL). */
    url: string;
    /** Signs and verifies its webhook deliveries (TEST_PAYMENTS_WEBHOOK_SECRET). */
    webhookSecret: string;
    /** Sends a signed delivery to the shop's `/api/webhooks/payments`; never throws. */
    deliver: (delivery: SignedWebhookDelivery) => void;
  };
  /** The Stripe account (config.stripe, PAYMENT_PROVIDER=stripe); null takes payments with the test provider. */
  stripe?: StripeSettings | null;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Stripe (PAYMENT_PROVIDER=stripe), or the embedded test provider, whose confirmation side (its
 * gateway) the shop serves on the provider's own origin.
 */
function paymentProviderOf(
  db: Db,
  options: CommerceProviderOptions,
): Pick<EmbeddedOnlyCommerce, 'payments' | 'testGateway'> {
  const { logger } = options;
  if (options.stripe) {
    const payments = createStripePaymentProvider(options.stripe, {
      logger: { warn: (message, details) => logger.warn({ details }, message) },
    });
    return { payments, testGateway: null };
  }
  const testProvider = createTestPaymentProvider(db, {
    testPaymentsUrl: options.testPayments.url,
    webhookSecret: options.testPayments.webhookSecret,
    deliver: options.testPayments.deliver,
  });
  return { payments: testProvider, testGateway: testProvider };
}

/**
 * The one place that picks the commerce provider (COMMERCE_PROVIDER, docs/architecture.md
 * 'Commerce providers'): everything else reads commerce through the port it returns.
 */
export function createCommerceProvider(
  db: Db,
  options: CommerceProviderOptions,
): { port: CommercePort; embeddedOnly: EmbeddedOnlyCommerce | null } {
  const { bigcommerce: settings, imageUrl, cache, publicUrl, logger } = options;
  if (settings) {
    const bigCommerceLogger = { warn: (message: string, details?: unknown) => logger.warn({ details }, message) };
    const client = createBigCommerceClient({
      apiUrl: settings.apiUrl,
      storeHash: settings.storeHash,
      accessToken: settings.accessToken,
      timeoutMs: settings.timeoutMs,
      logger: bigCommerceLogger,
    });
    const port = createBigCommerceCommerce({
      settings,
      client,
      imageUrl,
      cache,
      logger: bigCommerceLogger,
      publicUrl,
      db,
    });
    return { port, embeddedOnly: null };
  }
  const { payments, testGateway } = paymentProviderOf(db, options);
  const port = createEmbeddedCommerce(db, { imageUrl, cache, payments, publicUrl });
  return {
    port,
    embeddedOnly: {
      tax: port.tax,
      payments,
      testGateway,
      paymentEvents: createPaymentEvents(db),
      promotions: port.promotions,
    },
  };
}
