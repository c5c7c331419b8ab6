import type { PriceList } from './catalogue-schemas';

/**
 * The catalogue file of `catalogue:import` / `catalogue:export` and the back office's import
 * and export (docs/admin/catalogue.md 'Import file'): one row per variant, its product's
 * columns repeated on each of its rows. Prices are decimals in the price list's currency
 * (`229.95`), one `price_`, `sale_price_` and `retail_price_` column per price list.
 */
export const PRODUCT_COLUMNS = [
  'product_sku',
  'product_uid',
  'product_name',
  'description',
  'brand',
  'categories',
  'is_visible',
  'is_new',
  'is_redesigned',
  'weight_grams',
] as const;
export const VARIANT_COLUMNS = ['variant_sku', 'options', 'purchasing_disabled'] as const;
export const PRICE_KINDS = ['price', 'sale_price', 'retail_price'] as const;

/** Every column of the file, in the order an export writes them. */
export function catalogueColumns(priceLists: PriceList[]): string[] {
  return [
    ...PRODUCT_COLUMNS,
    ...VARIANT_COLUMNS,
    ...priceLists.flatMap((list) => PRICE_KINDS.map((kind) => `${kind}_${list.regionId}`)),
    'stock',
  ];
}

/** A cell as a file holds it: CSV's text, or JSON's string, number, boolean or null. */
export type CellValue = string | number | boolean | null;

/** One row of a file, with the line (CSV) or position (JSON, from 1) it is reported by. */
export interface FileRecord {
  line: number;
  values: Record<string, CellValue>;
  /** Why the row could not even be read (a CSV row with too many cells): it is rejected with this. */
  unreadable?: string;
}

/** Separates category paths, and option pairs (`Colour=Black|Size=M`). */
export const LIST_SEPARATOR = '|';

/** `22995` in a 2-decimal currency → `'229.95'`. */
export function decimalOf(minor: number, decimalPlaces: number): string {
  if (decimalPlaces === 0) return String(minor);
  const text = String(minor).padStart(decimalPlaces + 1, '0');
  return `${text.slice(0, -decimalPlaces)}.${text.slice(-decimalPlaces)}`;
}

/** `'229.95'` or `229.95` → `22995`; null when it is not an amount with at most the currency's decimals. */
export function minorOf(value: string, decimalPlaces: number): number | null {
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > decimalPlaces && !/^0*$/.test(fraction.slice(decimalPlaces))) return null;
  return (
    Number(match[1]) * 10 ** decimalPlaces + Number(fraction.slice(0, decimalPlaces).padEnd(decimalPlaces, '0') || '0')
  );
}

/** A cell as text, trimmed; '' for an empty cell. */
export function textOf(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).trim();
}
