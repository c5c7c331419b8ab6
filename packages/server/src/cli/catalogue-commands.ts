import { readFile, writeFile } from 'node:fs/promises';
import {
  catalogueColumns,
  commandActor,
  exportCatalogue,
  importCatalogue,
  loadPriceLists,
  type ImportReport,
} from '@piste/admin/server';
import type { Db } from '@piste/db';
import {
  formatOfFileName,
  readCatalogueFile,
  writeCatalogueFile,
  type CatalogueFormat,
} from '../admin/catalogue-routes-file-format';

/** `catalogue:import FILE [--dry-run]`: reads the file (CSV, or JSON by its name) and merges it by SKU. */
export async function importCatalogueFile(db: Db, file: string, options: { dryRun: boolean }): Promise<ImportReport> {
  const text = await readFile(file, 'utf8');
  const records = readCatalogueFile(text, formatOfFileName(file), catalogueColumns(await loadPriceLists(db)));
  return importCatalogue(db, commandActor('catalogue:import'), records, { dryRun: options.dryRun });
}

/** `catalogue:export [FILE] [--format csv|json]`: the file's text, written to FILE when given. */
export async function exportCatalogueFile(db: Db, file: string | undefined, format: CatalogueFormat): Promise<string> {
  const text = writeCatalogueFile(await exportCatalogue(db), format);
  if (file) await writeFile(file, text, 'utf8');
  return text;
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The report as the command prints it: one line per created, updated or rejected row. */
export function describeImport(report: ImportReport): string {
  const lines = [
    ...report.created.map(
      (entry) =>
        `line ${entry.line}: create ${entry.newProduct ? 'product ' + entry.productSku + ', ' : ''}variant ${entry.variantSku}`,
    ),
    ...report.updated.flatMap((entry) => [
      `line ${entry.line}: update ${entry.sku}`,
      ...entry.changes.map((change) => `    ${change.field}: ${shown(change.before)} → ${shown(change.after)}`),
    ]),
    ...report.rejected.map((entry) => `line ${entry.line}: REJECTED ${entry.reason}`),
    `${report.dryRun ? 'Dry run, nothing written: would create' : 'Created'} ${report.created.length}, ` +
      `${report.dryRun ? 'update' : 'updated'} ${report.updated.length}, unchanged ${report.unchanged}, rejected ${report.rejected.length}.`,
  ];
  return lines.join('\n');
}
