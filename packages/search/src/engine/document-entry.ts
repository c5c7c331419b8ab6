import type { DATE_FIELDS, SearchDocument } from '../search-document';
import { fieldKind, type SchemaField } from './schema';
import type { TextAnalyzer } from './text-analysis';

type DateField = (typeof DATE_FIELDS)[number];

/** A held document, its place in its locale index, and what sorting would otherwise recompute. */
export interface DocumentEntry {
  readonly document: SearchDocument;
  /** The document's number in its locale index. */
  readonly slot: number;
  /** The analysis of the document's locale, for highlighting and suggestions. */
  readonly analyzer: TextAnalyzer;
  /** Date fields in epoch milliseconds (NaN when unreadable), so sorts compare numbers. */
  readonly timestamps: Readonly<Record<DateField, number>>;
}

export function createEntry(document: SearchDocument, analyzer: TextAnalyzer, slot: number): DocumentEntry {
  return { document, slot, analyzer, timestamps: { updated_at: Date.parse(document.updated_at) } };
}

/** A number or date field's value as a number; undefined when missing or unreadable. */
export function numericValueOf(entry: DocumentEntry, field: SchemaField): number | undefined {
  const value = fieldKind(field) === 'date' ? entry.timestamps[field as DateField] : entry.document[field];
  return typeof value === 'number' && !Number.isNaN(value) ? value : undefined;
}

/** App Search's order for an empty query: the most recently changed first, then by id. */
export function compareByRecency(a: DocumentEntry, b: DocumentEntry): number {
  const aTime = a.timestamps.updated_at;
  const bTime = b.timestamps.updated_at;
  if (aTime !== bTime) {
    if (Number.isNaN(aTime)) return 1;
    if (Number.isNaN(bTime)) return -1;
    return bTime - aTime;
  }
  return compareIds(a, b);
}

export function compareIds(a: DocumentEntry, b: DocumentEntry): number {
  return a.document.id < b.document.id ? -1 : a.document.id > b.document.id ? 1 : 0;
}
