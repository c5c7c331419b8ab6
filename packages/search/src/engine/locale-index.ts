import type { SearchDocument, TextField } from '../search-document';
import { NumberColumn, numberOf, timestampOf, ValueColumn, type ColumnSource } from './columns';
import { compareByRecency, compareIds, createEntry, type DocumentEntry } from './document-entry';
import type { SlotPredicate } from './filters';
import { InvertedIndex, type TextScores } from './inverted-index';
import type { MatchList } from './match-list';
import { relevanceBoost, stemKey } from './relevance';
import { fieldKind, SEARCHABLE_FIELDS } from './schema';
import { analyzerFor, wordsOf, type TextAnalyzer } from './text-analysis';
import type { QueryUnit } from './text-query';

export interface CollectOptions {
  /** Every unit must match (AND), or any (OR). */
  readonly requireAll: boolean;
  readonly predicate: SlotPredicate;
  /** The query's stem key, to boost exact-title and in-stock matches (relevance.ts); none without. */
  readonly queryKey?: string;
}

/** Dead slots are dropped by a rebuild once they outnumber the live ones (and at least this many). */
const MIN_DEAD_SLOTS_TO_COMPACT = 1000;

/**
 * The documents of one content locale, their text index and their field columns, analysed with
 * the locale's language, so a search filtered by locale touches only its own documents.
 * Documents sit in slots that are never reused (a changed document takes a new one), so the
 * text index and the columns only ever grow at the end. Per-document data a query reads for
 * every match lives in arrays by slot, not behind each document object.
 */
export class LocaleIndex implements ColumnSource {
  readonly analyzer: TextAnalyzer;
  private text: InvertedIndex;
  private entries: (DocumentEntry | undefined)[] = [];
  private slotOfId = new Map<string, number>();
  /** By slot: the title's stem key and whether the product is in stock, for relevanceBoost. */
  private titleKeys: string[] = [];
  private inStock: boolean[] = [];
  /** Columns of the fields filters and facets have read, extended as slots are added. */
  private columns = new Map<string, ValueColumn | NumberColumn>();
  /** Live slots, most recently changed first: the empty query's order, kept until documents change. */
  private recencyOrder: Int32Array | null = null;
  /** Each slot's place in id order, for tie-breaks, kept until documents change. */
  private idRanks: Int32Array | null = null;

  constructor(readonly locale: string) {
    this.analyzer = analyzerFor(locale);
    this.text = new InvertedIndex(this.analyzer);
  }

  get size(): number {
    return this.slotOfId.size;
  }

  allEntries(): DocumentEntry[] {
    return this.entries.filter((entry) => entry !== undefined);
  }

  entryAt(slot: number): DocumentEntry {
    const entry = this.entries[slot];
    if (!entry) throw new RangeError(`No document in slot ${slot}`);
    return entry;
  }

  /** Adds or replaces documents. */
  upsert(documents: Iterable<SearchDocument>): void {
    for (const document of documents) {
      this.remove(document.id);
      const slot = this.entries.length;
      this.entries.push(createEntry(document, this.analyzer, slot));
      this.slotOfId.set(document.id, slot);
      this.titleKeys.push(stemKey(wordsOf(document.title).map((word) => this.analyzer.analyse(word).stem)));
      this.inStock.push(document.in_stock === 'true');
      this.text.add(slot, document);
    }
    this.forgetOrders();
    this.compactIfSparse();
  }

  remove(id: string): void {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return;
    this.text.remove(slot);
    this.entries[slot] = undefined;
    this.slotOfId.delete(id);
    this.forgetOrders();
  }

  /** Compares two live slots by their documents' ids. */
  compareIdsAt(a: number, b: number): number {
    this.idRanks ??= ranksOf(this.entries.length, this.allEntries().sort(compareIds));
    return (this.idRanks[a] as number) - (this.idRanks[b] as number);
  }

  /** Adds every document the predicate accepts, most recently changed first, with score 0. */
  collectAll(predicate: SlotPredicate, matches: MatchList): void {
    this.recencyOrder ??= Int32Array.from(this.allEntries().sort(compareByRecency), (entry) => entry.slot);
    const order = this.recencyOrder;
    matches.addSegment(this, undefined, (add) => {
      for (let index = 0; index < order.length; index++) {
        const slot = order[index] as number;
        if (predicate(slot)) add(slot, 0);
      }
    });
  }

  /** Scores every document matching any of the query units in the weighted fields. */
  scoreText(units: readonly QueryUnit[], weights: Readonly<Partial<Record<TextField, number>>>): TextScores {
    return this.text.score(
      units,
      SEARCHABLE_FIELDS.map((field) => weights[field] ?? 0),
    );
  }

  /**
   * Adds the scored documents that match all units (or any) and that the predicate accepts.
   * A score is multiplied by the units matched, as MiniSearch ranks, and by relevanceBoost.
   */
  collectScored(scored: TextScores, options: CollectOptions, matches: MatchList): void {
    const { requireAll, predicate, queryKey } = options;
    const { slots, scores, unitsMatched, unitCount } = scored;
    matches.addSegment(this, scored.matchedTerms, (add) => {
      for (let index = 0; index < slots.length; index++) {
        const slot = slots[index] as number;
        const matched = unitsMatched[index] as number;
        if ((requireAll && matched < unitCount) || !predicate(slot)) continue;
        const boost =
          queryKey === undefined
            ? 1
            : relevanceBoost(this.titleKeys[slot] ?? '', this.inStock[slot] ?? false, queryKey);
        add(slot, (scores[index] as number) * matched * boost);
      }
    });
  }

  valueColumn(field: string): ValueColumn {
    return this.column(`values:${field}`, field, () => new ValueColumn());
  }

  numberColumn(field: string): NumberColumn {
    const toNumber = fieldKind(field) === 'date' ? timestampOf : numberOf;
    return this.column(`numbers:${field}`, field, () => new NumberColumn(toNumber));
  }

  private column<Column extends ValueColumn | NumberColumn>(key: string, field: string, create: () => Column): Column {
    let column = this.columns.get(key) as Column | undefined;
    if (!column) {
      column = create();
      this.columns.set(key, column);
    }
    for (let slot = column.length; slot < this.entries.length; slot++) {
      column.append(this.entries[slot]?.document[field as keyof SearchDocument]);
    }
    return column;
  }

  private forgetOrders(): void {
    this.recencyOrder = null;
    this.idRanks = null;
  }

  private compactIfSparse(): void {
    const dead = this.entries.length - this.size;
    if (dead < Math.max(MIN_DEAD_SLOTS_TO_COMPACT, this.size)) return;
    const documents = this.allEntries().map((entry) => entry.document);
    this.text = new InvertedIndex(this.analyzer);
    this.entries = [];
    this.slotOfId = new Map();
    this.titleKeys = [];
    this.inStock = [];
    this.columns = new Map();
    this.upsert(documents);
  }
}

function ranksOf(slotCount: number, ordered: readonly DocumentEntry[]): Int32Array {
  const ranks = new Int32Array(slotCount);
  ordered.forEach((entry, rank) => {
    ranks[entry.slot] = rank;
  });
  return ranks;
}
