// Before any other import: `.env`'s settings must be in place as modules load (React reads NODE_ENV then).
import '../load-env-file';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { ResponseCache } from '@piste/commerce/server';
import { buildSearchDocuments } from '@piste/search/server';
import { ConfigError, loadConfig, testPaymentsUrlOf } from '../config';
import { prepareDatabase } from '../database';
import { hostedIndexTarget, parseHostedIndexArguments, runHostedIndex } from '../search-index-hosted';
import { createCommerceProvider } from '../commerce-provider';
import { createContentServices } from '../services';

/**
 * `npm run search:index-hosted [-- --dry-run] [--locale de] [--engine piste-de] [--batch-size 100]`:
 * builds the shop's search documents from the configured commerce provider and content service, and
 * writes them into the hosted App Search engine (SEARCH_ENDPOINT, SEARCH_PRIVATE_KEY,
 * SEARCH_ENGINE) through its documents API, 100 a request. `--dry-run` prints each request
 * instead. See docs/providers/app-search.md.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'dry-run': { type: 'boolean' },
      locale: { type: 'string', multiple: true },
      engine: { type: 'string' },
      'batch-size': { type: 'string' },
    },
  });
  const args = parseHostedIndexArguments(values);
  const config = loadConfig();
  const target = hostedIndexTarget(config, args);
  // The database's start-up lines go to stderr in a dry run, so stdout holds what would be sent.
  const note = (message: string) => (args.dryRun ? console.error(message) : console.log(message));
  const database = await prepareDatabase(config, note);
  try {
    const log = {
      warn: (details: unknown, message?: string) => console.warn(message, details),
      error: (details: unknown, message?: string) => console.error(message, details),
    };
    const content = createContentServices(
      database.db,
      {
        apiKey: config.CONTENT_API_KEY,
        deliveryToken: config.CONTENT_DELIVERY_TOKEN,
        environment: config.CONTENT_ENVIRONMENT,
        baseUrl: config.CONTENT_BASE_URL,
        cacheTtlSeconds: 0,
      },
      log,
      () => {},
    );
    // Products' facts come from whichever provider keeps commerce; images and payments play no part.
    const commerce = createCommerceProvider(database.db, {
      bigcommerce: config.bigcommerce,
      imageUrl: (mediaId) => mediaId,
      cache: new ResponseCache({ ttlMs: 0 }),
      publicUrl: config.PUBLIC_URL,
      testPayments: {
        url: testPaymentsUrlOf(config),
        webhookSecret: randomBytes(32).toString('hex'),
        deliver: () => {},
      },
      logger: { warn: (details: unknown, message?: string) => console.warn(message, details) },
    });
    const { documents } = await buildSearchDocuments(
      commerce.port.productFacts,
      content.client,
      { stack: config.CONTENT_API_KEY, environment: config.CONTENT_ENVIRONMENT },
      args.locales,
    );
    return await runHostedIndex({ args, target, documents, print: (line) => console.log(line) });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
