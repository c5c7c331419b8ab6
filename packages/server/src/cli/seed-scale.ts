// Before any other import: `.env`'s settings must be in place as modules load (React reads NODE_ENV then).
import '../load-env-file';
import { parseArgs } from 'node:util';
import { scaleCatalogue } from '@piste/commerce/server';
import { ConfigError, loadConfig } from '../config';
import { prepareDatabase } from '../database';

/**
 * `npm run seed:scale -- --products 10000`: resizes the synthetic part of the catalogue (for
 * benchmarks) in the configured database, after migrating and loading the demo data.
 */
async function main() {
  const { values } = parseArgs({ options: { products: { type: 'string' } } });
  const count = Number(values.products);
  if (!Number.isInteger(count) || count < 0 || count > 1_000_000) {
    throw new ConfigError(['--products: give a whole number from 0 to 1000000, e.g. --products 10000']);
  }
  // Large batches of synthetic products: no statement of them is cut short by the shop's query timeout.
  const config = { ...loadConfig(), SEED_ON_START: true, DATABASE_QUERY_TIMEOUT_SECONDS: 0 };
  // The synthetic products go into our catalogue tables, which BigCommerce's shop does not read.
  if (config.COMMERCE_PROVIDER !== 'embedded') {
    throw new ConfigError(['COMMERCE_PROVIDER: synthetic products fill the embedded catalogue only']);
  }
  const database = await prepareDatabase(config, (message) => console.log(message));
  const started = Date.now();
  let lastReport = 0;
  await scaleCatalogue(database.db, {
    products: count,
    onProgress: (done, total) => {
      if (done === total || Date.now() - lastReport > 2_000) {
        lastReport = Date.now();
        console.log(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} synthetic products`);
      }
    },
  });
  await database.close();
  console.log(
    `Catalogue scaled to ${count.toLocaleString('en')} synthetic products in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
