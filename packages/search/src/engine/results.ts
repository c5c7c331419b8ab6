import type { ResultField, ResultFieldRequest, SearchResult } from '../app-search-types';
import { SCHEMA_FIELDS, type SchemaField } from './schema';
import { snippetOf, truncate } from './snippets';
import type { Ranked } from './match-list';

/**
 * One App Search result: `id` always, then every field raw, or only the requested fields with
 * the requested raw value (strings cut to `raw.size`) and snippet. A field the document lacks
 * (a price list it has no price in) has no raw value.
 */
export function toSearchResult(
  ranked: Ranked,
  engineName: string,
  resultFields: Readonly<Record<string, ResultFieldRequest>> | undefined,
): SearchResult {
  const { document } = ranked.entry;
  const result: SearchResult = { _meta: { id: document.id, engine: engineName, score: ranked.score } };
  if (resultFields === undefined) {
    for (const field of SCHEMA_FIELDS) {
      const raw = document[field];
      if (raw !== undefined) result[field] = { raw };
    }
    return result;
  }
  result.id = { raw: document.id };
  for (const [name, request] of Object.entries(resultFields)) {
    const field = name as SchemaField;
    const raw = document[field];
    const value: ResultField = field === 'id' ? { raw: document.id } : {};
    if (request.raw && raw !== undefined) value.raw = truncateRaw(raw, request.raw.size);
    if (request.snippet) {
      const text = Array.isArray(raw) ? raw.join(', ') : raw;
      // Validation allows snippets on text fields only; a missing text has nothing to show.
      value.snippet =
        typeof text === 'string' ? snippetOf(text, ranked.entry.analyzer, ranked.matchedTerms, request.snippet) : null;
    }
    result[field] = value;
  }
  return result;
}

function truncateRaw(raw: NonNullable<ResultField['raw']>, size: number | undefined): NonNullable<ResultField['raw']> {
  if (size === undefined) return raw;
  if (typeof raw === 'string') return truncate(raw, size);
  if (Array.isArray(raw) && raw.every((element) => typeof element === 'string')) {
    return raw.map((element) => truncate(element, size));
  }
  return raw;
}
