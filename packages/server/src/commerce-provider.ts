import { createBigCommerceClient, createBigCommerceCommerce, type BigCommerceSettings } from '@piste/bigcommerce';
import {
  createEmbeddedCommerce,
  createPaymentLedgerFile,
  createTestPaymentProvider,
  type CommercePort,
  type ImageSize,
  type PaymentProvider,
  type ResponseCache,
  type TaxService,
} from '@piste/commerce/server';
import type { Db } from '@piste/db';
import type { FastifyBaseLogger } from 'fastify';

/** What only the embedded engine runs: BigCommerce taxes and takes payments in its own checkout. */
export interface EmbeddedOnlyCommerce {
  /** VAT in the EU, sales tax in the US and Canada (docs/decisions/008-shipping-and-tax.md). */
  tax: TaxService;
  /** The test payment provider our checkout charges, and the payment recovery settles. */
  payments: PaymentProvider;
}

export interface CommerceProviderOptions {
  /** The BigCommerce store (config.bigcommerce); null runs the embedded engine. */
  bigcommerce: BigCommerceSettings | null;
  imageUrl: (mediaId: string, size: ImageSize) => string;
  /** Catalogue answers: the database's change notifications or BigCommerce's webhooks clear it. */
  cache: ResponseCache;
  publicUrl: string;
  /** Where the test payment provider keeps its ledger (PAYMENT_LEDGER_FILE); in memory without one. */
  paymentLedgerFile?: string;
  logger: Pick<FastifyBaseLogger, 'warn'>;
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
  const payments = createTestPaymentProvider({
    ledger: options.paymentLedgerFile ? createPaymentLedgerFile(options.paymentLedgerFile) : undefined,
  });
  const port = createEmbeddedCommerce(db, { imageUrl, cache, payments, publicUrl });
  return { port, embeddedOnly: { tax: port.tax, payments } };
}
