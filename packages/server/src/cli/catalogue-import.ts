// Before any other import: `.env`'s settings must be in place as modules load (React reads NODE_ENV then).
import '../load-env-file';
import { parseArgs } from 'node:util';
import { FieldErrors } from '@piste/admin/server';
import { isDomainError } from '@piste/core';
import { ConfigError, loadConfig } from '../config';
import { prepareDatabase } from '../database';
import { describeImport, importCatalogueFile } from './catalogue-commands';

/**
 * `npm run catalogue:import -- FILE [--dry-run]`: merges a catalogue file (CSV, or JSON when
 * named .json) into the embedded catalogue by SKU (docs/admin/catalogue.md 'Import file').
 * `--dry-run` prints what would change and writes nothing; a file with a rejected row writes
 * nothing either, and exits 1 after listing the rows at fault.
 */
async function main() {
  const { values, positionals } = parseArgs({ options: { 'dry-run': { type: 'boolean' } }, allowPositionals: true });
  if (positionals.length !== 1)
    throw new ConfigError(['Give one file: npm run catalogue:import -- products.csv [--dry-run]']);
  const config = loadConfig();
  if (config.COMMERCE_PROVIDER !== 'embedded') {
    throw new ConfigError(['COMMERCE_PROVIDER: the catalogue is kept in BigCommerce; import it there']);
  }
  const database = await prepareDatabase(config, () => undefined);
  try {
    const report = await importCatalogueFile(database.db, positionals[0]!, { dryRun: values['dry-run'] ?? false });
    console.log(describeImport(report));
  } catch (error) {
    if (!(error instanceof FieldErrors)) throw error;
    for (const [field, reason] of Object.entries(error.fields)) console.error(`${field.replace('.', ' ')}: ${reason}`);
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || isDomainError(error) ? (error as Error).message : error);
  process.exit(1);
});
