import { randomUUID } from 'node:crypto';
import type { QuerySuggestionResponse, SearchFilter, SearchResponse } from '../app-search-types';
import { TEXT_FIELD_WEIGHTS, type SearchDocument, type TextField } from '../search-document';
import { computeFacets } from './facets';
import { compileFilter, localesOf } from './filters';
import { LocaleIndex } from './locale-index';
import { MatchList } from './match-list';
import {
  parseMultiSearchRequest,
  parseQuerySuggestionRequest,
  parseSearchRequest,
  type ParsedSearchRequest,
} from './request-schemas';
import { toSearchResult } from './results';
import { SEARCHABLE_FIELDS } from './schema';
import { orderMatches, sortClausesOf, type SortClause } from './sorting';
import { DEFAULT_SUGGESTION_COUNT, SUGGESTION_SOURCE_LIMIT, SuggestionCollector } from './suggestions';
import { wordsOf } from './text-analysis';
import { analyseQuery, unitsOf } from './text-query';

export { SearchRequestError } from './search-request-error';

export interface SearchEngine {
  readonly name: string;
  /** Documents held. */
  readonly size: number;
  /** A rebuild: the engine then holds exactly these documents (the last of a repeated id wins). */
  replaceAll(documents: Iterable<SearchDocument>): void;
  /** Adds documents, or replaces those with the same id. */
  upsert(documents: readonly SearchDocument[]): void;
  /** Unknown ids are ignored. */
  remove(ids: readonly string[]): void;
  documentIds(predicate?: (document: SearchDocument) => boolean): string[];
  /** App Search's search.json; throws SearchRequestError for an invalid body. */
  search(body: unknown): SearchResponse;
  /** App Search's multi_search.json: `{ queries: [...] }`, at most 10. */
  multiSearch(body: unknown): SearchResponse[];
  /** App Search's query_suggestion.json, plus `filters`. */
  querySuggestion(body: unknown): QuerySuggestionResponse;
}

export function createSearchEngine(options: { name: string }): SearchEngine {
  return new EmbeddedSearchEngine(options.name);
}

/** spec §9: "Search total pages are capped at 100." */
const MAX_TOTAL_PAGES = 100;
const RECENCY_ORDER: readonly SortClause[] = [{ field: 'updated_at', direction: 'desc' }];

class EmbeddedSearchEngine implements SearchEngine {
  private indexes = new Map<string, LocaleIndex>();
  /** The locale index holding each id, for upserts and removals. */
  private localeOfId = new Map<string, string>();

  constructor(readonly name: string) {}

  get size(): number {
    return this.localeOfId.size;
  }

  replaceAll(documents: Iterable<SearchDocument>): void {
    // Built aside and swapped in, so searches meanwhile see the old documents.
    const rebuilt = new EmbeddedSearchEngine(this.name);
    rebuilt.upsert([...documents]);
    this.indexes = rebuilt.indexes;
    this.localeOfId = rebuilt.localeOfId;
  }

  upsert(documents: readonly SearchDocument[]): void {
    // The last of a repeated id wins.
    const latest = new Map(documents.map((document) => [document.id, document]));
    const byLocale = new Map<string, SearchDocument[]>();
    for (const document of latest.values()) {
      const previousLocale = this.localeOfId.get(document.id);
      if (previousLocale !== undefined && previousLocale !== document.locale) this.remove([document.id]);
      this.localeOfId.set(document.id, document.locale);
      const localeDocuments = byLocale.get(document.locale);
      if (localeDocuments) localeDocuments.push(document);
      else byLocale.set(document.locale, [document]);
    }
    for (const [locale, localeDocuments] of byLocale) {
      let index = this.indexes.get(locale);
      if (!index) {
        index = new LocaleIndex(locale);
        this.indexes.set(locale, index);
      }
      index.upsert(localeDocuments);
    }
  }

  remove(ids: readonly string[]): void {
    for (const id of ids) {
      const locale = this.localeOfId.get(id);
      const index = locale === undefined ? undefined : this.indexes.get(locale);
      if (locale === undefined || !index) continue;
      index.remove(id);
      this.localeOfId.delete(id);
      if (index.size === 0) this.indexes.delete(locale);
    }
  }

  documentIds(predicate?: (document: SearchDocument) => boolean): string[] {
    const ids: string[] = [];
    for (const index of this.indexes.values()) {
      for (const { document } of index.allEntries()) {
        if (!predicate || predicate(document)) ids.push(document.id);
      }
    }
    return ids;
  }

  search(body: unknown): SearchResponse {
    return this.runSearch(parseSearchRequest(body));
  }

  multiSearch(body: unknown): SearchResponse[] {
    return parseMultiSearchRequest(body).queries.map((request) => this.runSearch(request));
  }

  querySuggestion(body: unknown): QuerySuggestionResponse {
    const request = parseQuerySuggestionRequest(body);
    const fields: readonly TextField[] = request.types?.documents?.fields ?? ['title'];
    const weights = Object.fromEntries(fields.map((field) => [field, TEXT_FIELD_WEIGHTS[field]]));
    const collector = new SuggestionCollector();
    for (const index of this.indexesFor(request.filters)) {
      const { words } = analyseQuery(request.query, index.analyzer);
      if (words.length === 0) continue;
      const matches = new MatchList();
      const predicate = compileFilter(request.filters, index);
      index.collectScored(index.scoreText(unitsOf(words), weights), { requireAll: true, predicate }, matches);
      // An even sample of the matches, so phrase counts reflect the catalogue, not the best scores.
      const stride = Math.max(1, matches.size / SUGGESTION_SOURCE_LIMIT);
      for (let position = 0; position < matches.size; position += stride) {
        collector.addMatch(matches.ranked(Math.floor(position)), fields, words);
      }
    }
    const suggestions = collector.best(request.size ?? DEFAULT_SUGGESTION_COUNT);
    return {
      results: { documents: suggestions.map((suggestion) => ({ suggestion })) },
      meta: { request_id: newRequestId() },
    };
  }

  private runSearch(request: ParsedSearchRequest): SearchResponse {
    const indexes = this.indexesFor(request.filters);
    const browsing = wordsOf(request.query).length === 0;
    const matches = browsing ? browse(request, indexes) : matchText(request, indexes);
    const { size, current } = request.page;
    const end = size * current;
    // One index's browse order is already the default one.
    const positions =
      browsing && !request.sort && indexes.length <= 1
        ? Array.from({ length: Math.min(end, matches.size) }, (_, position) => position)
        : orderMatches(matches, request.sort ? sortClausesOf(request.sort) : browsing ? RECENCY_ORDER : [], end);
    return {
      meta: {
        alerts: [],
        warnings: [],
        precision: 2,
        page: {
          current,
          size,
          total_results: matches.size,
          total_pages: Math.min(MAX_TOTAL_PAGES, Math.ceil(matches.size / size)),
        },
        engine: { name: this.name, type: 'default' },
        request_id: newRequestId(),
      },
      results: positions
        .slice(end - size)
        .map((position) => toSearchResult(matches.ranked(position), this.name, request.result_fields)),
      facets: request.facets ? computeFacets(matches, request.facets) : {},
    };
  }

  /** The indexes a filter can match: its locales' when it names them (the storefront always does). */
  private indexesFor(filter: SearchFilter | undefined): LocaleIndex[] {
    const locales = localesOf(filter);
    const indexes = locales ? [...new Set(locales)].map((locale) => this.indexes.get(locale)) : this.indexes.values();
    return [...indexes].filter((index) => index !== undefined);
  }
}

/** An empty query matches every document the filter accepts, with score 0 (as App Search). */
function browse(request: ParsedSearchRequest, indexes: readonly LocaleIndex[]): MatchList {
  const matches = new MatchList();
  for (const index of indexes) index.collectAll(compileFilter(request.filters, index), matches);
  return matches;
}

/**
 * Every query word must match (typo-tolerant, the one being typed as a prefix too); when no
 * document has them all, any word will do, ranked by how many matched. BM25 scores are then
 * boosted for exact titles and stock (relevance.ts).
 */
function matchText(request: ParsedSearchRequest, indexes: readonly LocaleIndex[]): MatchList {
  const fields = request.search_fields ? (Object.keys(request.search_fields) as TextField[]) : SEARCHABLE_FIELDS;
  const weights = Object.fromEntries(
    fields.map((field) => [field, request.search_fields?.[field]?.weight ?? TEXT_FIELD_WEIGHTS[field]]),
  );
  const wordCount = wordsOf(request.query).length;
  const searches = indexes.map((index) => {
    const query = analyseQuery(request.query, index.analyzer);
    return {
      index,
      scored: index.scoreText(unitsOf(query.words), weights),
      options: { predicate: compileFilter(request.filters, index), queryKey: query.key },
    };
  });
  let matches = new MatchList();
  // The fallback is for queries of several words; a CJK word's character pairs stay all required.
  for (const requireAll of wordCount > 1 ? [true, false] : [true]) {
    matches = new MatchList();
    for (const { index, scored, options } of searches) index.collectScored(scored, { ...options, requireAll }, matches);
    if (matches.size > 0) break;
  }
  return matches;
}

function newRequestId(): string {
  return randomUUID().replaceAll('-', '');
}
