// Before any other import: `.env`'s settings must be in place as modules load (React reads NODE_ENV then).
import '../load-env-file';
import { parseArgs } from 'node:util';
import { isDomainError } from '@piste/core';
import { ConfigError, loadConfig } from '../config';
import { prepareDatabase } from '../database';
import { exportCatalogueFile } from './catalogue-commands';

/**
 * `npm run catalogue:export -- [FILE] [--format csv|json]`: the embedded catalogue in the
 * import file's shape, to FILE or to standard output. Importing it again changes nothing.
 */
async function main() {
  const { values, positionals } = parseArgs({ options: { format: { type: 'string' } }, allowPositionals: true });
  const file = positionals[0];
  const format = values.format ?? (file?.toLowerCase().endsWith('.json') ? 'json' : 'csv');
  if (format !== 'csv' && format !== 'json') throw new ConfigError(['--format: csv or json']);
  if (positionals.length > 1)
    throw new ConfigError(['Give at most one file: npm run catalogue:export -- products.csv']);
  const config = loadConfig();
  if (config.COMMERCE_PROVIDER !== 'embedded') {
    throw new ConfigError(['COMMERCE_PROVIDER: the catalogue is kept in BigCommerce; export it there']);
  }
  const database = await prepareDatabase(config, () => undefined);
  try {
    const text = await exportCatalogueFile(database.db, file, format);
    if (file) console.error(`Wrote ${file}.`);
    else process.stdout.write(text);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || isDomainError(error) ? (error as Error).message : error);
  process.exit(1);
});
