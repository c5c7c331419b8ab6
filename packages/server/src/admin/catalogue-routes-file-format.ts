import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { FieldErrors, type CellValue, type FileRecord } from '@piste/admin/server';

/**
 * The catalogue file as text (docs/admin/catalogue.md 'Import file'): CSV with a header row, or
 * JSON (an array of rows, or `{ "rows": [...] }`). Shared by the admin API and the
 * `catalogue:import` / `catalogue:export` commands; a JSON body may also carry a CSV file's text
 * as `{ "csv": "…" }`. A file that cannot be read at all is
 * refused at `file`; a row that cannot is handed on as unreadable, to be reported by its line.
 */

export type CatalogueFormat = 'csv' | 'json';

const REQUIRED_COLUMNS = ['product_sku', 'variant_sku'];

function checkColumns(columns: string[], known: readonly string[]): void {
  const unknown = columns.filter((column) => !known.includes(column));
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  const problems = [
    ...(missing.length > 0 ? [`The file needs the column(s) ${missing.join(', ')}.`] : []),
    ...(unknown.length > 0 ? [`Unknown column(s): ${unknown.join(', ')}. Known: ${known.join(', ')}.`] : []),
  ];
  if (problems.length > 0) throw new FieldErrors({ file: problems.join(' ') }, problems[0]);
}

function readCsv(text: string, known: readonly string[]): FileRecord[] {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new FieldErrors(
      { [line ? `line.${line}` : 'file']: `This is not readable CSV: ${(error as Error).message}` },
      'The file is not readable CSV.',
    );
  }
  const [header, ...rows] = parsed;
  if (!header) throw new FieldErrors({ file: 'The file is empty.' }, 'The file is empty.');
  const columns = header.record.map((column) => column.trim());
  checkColumns(columns, known);
  return rows.map(({ record, info }) => ({
    line: info.lines,
    values: Object.fromEntries(columns.map((column, index) => [column, record[index] ?? ''])),
    ...(record.length !== columns.length && {
      unreadable: `This row has ${record.length} cells; the header has ${columns.length}.`,
    }),
  }));
}

function readJson(body: unknown, known: readonly string[]): FileRecord[] {
  // The admin app sends a CSV file it read as `{ "csv": "…" }`: its API client speaks JSON.
  const csv = (body as { csv?: unknown } | null)?.csv;
  if (typeof csv === 'string') return readCsv(csv, known);
  const rows = Array.isArray(body) ? body : (body as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) {
    throw new FieldErrors({ file: 'Send an array of rows, or { "rows": [...] }.' }, 'The file holds no rows.');
  }
  const columns = new Set<string>();
  const records = rows.map((row: unknown, index): FileRecord => {
    const line = index + 1;
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      return { line, values: {}, unreadable: 'Each row is an object of columns.' };
    }
    const values: Record<string, CellValue> = {};
    for (const [column, value] of Object.entries(row)) {
      columns.add(column);
      if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) {
        return { line, values: {}, unreadable: `${column} must be text, a number or true/false.` };
      }
      values[column] = value as CellValue;
    }
    return { line, values };
  });
  if (rows.length > 0) checkColumns([...columns], known);
  return records;
}

/** Reads a catalogue file's text (or a JSON body already parsed) into rows. */
export function readCatalogueFile(
  input: string | unknown,
  format: CatalogueFormat,
  known: readonly string[],
): FileRecord[] {
  if (format === 'csv') return readCsv(String(input), known);
  if (typeof input !== 'string') return readJson(input, known);
  try {
    return readJson(JSON.parse(input), known);
  } catch (error) {
    if (error instanceof FieldErrors) throw error;
    // The parser's own words name our runtime, not the file's problem: say what a file must be.
    throw new FieldErrors(
      { file: 'This is not readable JSON: send an array of rows, or { "rows": [...] }, as the export writes it.' },
      'The file is not readable JSON.',
    );
  }
}

/** Writes exported rows as CSV (a header, empty cells for none) or as pretty JSON. */
export function writeCatalogueFile(
  exported: { columns: string[]; rows: Record<string, CellValue>[] },
  format: CatalogueFormat,
): string {
  if (format === 'json') return `${JSON.stringify(exported.rows, null, 2)}\n`;
  return stringify(exported.rows, {
    header: true,
    columns: exported.columns,
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  });
}

/** `products.csv` → csv; anything else named `.json` → json. */
export function formatOfFileName(fileName: string): CatalogueFormat {
  return fileName.toLowerCase().endsWith('.json') ? 'json' : 'csv';
}
