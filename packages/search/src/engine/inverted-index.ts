import SearchableMap from 'minisearch/SearchableMap';
import type { SearchDocument } from '../search-document';
import { SEARCHABLE_FIELDS } from './schema';
import { wordsOf, type TextAnalyzer } from './text-analysis';
import type { QueryUnit } from './text-query';

/** A term's occurrences in one field: slots in ascending order, and the term's count in each. */
interface FieldPostings {
  readonly slots: number[];
  readonly counts: number[];
}
/** By field number: the field's position in SEARCHABLE_FIELDS. */
type TermPostings = (FieldPostings | undefined)[];

interface WeightedTerm {
  readonly term: string;
  readonly weight: number;
  readonly postings: TermPostings;
}

export interface TextScores {
  /** The slots matching any unit, in no particular order; their scores and matched unit counts at the same positions. */
  readonly slots: number[];
  readonly scores: number[];
  readonly unitsMatched: number[];
  readonly unitCount: number;
  /** Every index term the query reached (its stems, completions, corrections), for highlighting. */
  readonly matchedTerms: ReadonlySet<string>;
}

// BM25+ with MiniSearch's parameters, so scores keep MiniSearch's scale.
const BM25_K = 1.2;
const BM25_B = 0.7;
const BM25_DELTA = 0.5;
// A completion or a typo correction counts for less than the term typed (MiniSearch's weights).
const PREFIX_WEIGHT = 0.375;
const TYPO_WEIGHT = 0.45;

/**
 * A locale's full-text index. Terms are also kept in MiniSearch's radix tree (SearchableMap),
 * which finds completions and typo corrections; postings are plain arrays in slot order, scored in
 * one pass into typed arrays. That keeps a query that matches a quarter of 100k documents in
 * a few milliseconds, where MiniSearch's own search allocates several objects per match.
 *
 * Slots are never reused: a changed document gets a new slot and its old postings are skipped
 * as dead until the owner rebuilds the index.
 */
export class InvertedIndex {
  /** Each term's postings; the radix trees below only answer prefix and typo lookups. */
  private readonly postings = new Map<string, TermPostings>();
  private readonly terms = new SearchableMap<true>();
  /** Unstemmed words and their stems: a partly typed word finds its completions' stems ('bindin' → 'bind'). */
  private readonly stemOfWord = new Map<string, string>();
  private readonly words = new SearchableMap<string>();
  /** Each field's length in terms, by slot. */
  private readonly lengths: number[][] = SEARCHABLE_FIELDS.map(() => []);
  private readonly totalLengths: number[] = SEARCHABLE_FIELDS.map(() => 0);
  private readonly live: boolean[] = [];
  private liveCount = 0;
  /** Term counts of the field being added, reused to spare the garbage collector. */
  private readonly fieldCounts = new Map<string, number>();

  constructor(private readonly analyzer: TextAnalyzer) {}

  add(slot: number, document: SearchDocument): void {
    const counts = this.fieldCounts;
    SEARCHABLE_FIELDS.forEach((field, fieldNumber) => {
      counts.clear();
      let length = 0;
      for (const word of wordsOf(textOf(document[field]))) {
        const { folded, stem, terms, cjk } = this.analyzer.analyse(word);
        if (!cjk && !this.stemOfWord.has(folded)) {
          this.stemOfWord.set(folded, stem);
          this.words.set(folded, stem);
        }
        for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
        length += terms.length;
      }
      (this.lengths[fieldNumber] as number[])[slot] = length;
      this.totalLengths[fieldNumber] = (this.totalLengths[fieldNumber] ?? 0) + length;
      for (const [term, count] of counts) {
        let termPostings = this.postings.get(term);
        if (!termPostings) {
          termPostings = [];
          this.postings.set(term, termPostings);
          this.terms.set(term, true);
        }
        const fieldPostings = (termPostings[fieldNumber] ??= { slots: [], counts: [] });
        fieldPostings.slots.push(slot);
        fieldPostings.counts.push(count);
      }
    });
    this.live[slot] = true;
    this.liveCount += 1;
  }

  remove(slot: number): void {
    if (!this.live[slot]) return;
    this.live[slot] = false;
    this.liveCount -= 1;
    this.lengths.forEach((fieldLengths, fieldNumber) => {
      this.totalLengths[fieldNumber] = (this.totalLengths[fieldNumber] ?? 0) - (fieldLengths[slot] ?? 0);
    });
  }

  /**
   * BM25+ scores of the live slots matching any unit, summed over the weighted fields (weight 0
   * leaves a field out), with how many units each matched: the caller keeps those matching all,
   * or falls back to any, without scoring twice.
   */
  score(units: readonly QueryUnit[], fieldWeights: readonly number[]): TextScores {
    const expanded = units.map((unit) => this.expand(unit));
    const matchedTerms = new Set(expanded.flatMap((terms) => terms.map(({ term }) => term)));
    const slotCount = this.live.length;
    const scores = new Float64Array(slotCount);
    // A 128-character query has fewer than 255 units, so bytes count them.
    const unitsMatched = new Uint8Array(slotCount);
    const lastUnit = new Uint8Array(slotCount);
    const touched: number[] = [];
    const averageLengths = this.totalLengths.map((total) => total / Math.max(1, this.liveCount) || 1);
    expanded.forEach((terms, unitNumber) => {
      const mark = unitNumber + 1;
      for (const { weight, postings } of terms) {
        postings.forEach((fieldPostings, fieldNumber) => {
          const fieldWeight = fieldWeights[fieldNumber] ?? 0;
          if (!fieldPostings || fieldWeight === 0) return;
          const { slots, counts } = fieldPostings;
          const frequency = Math.min(slots.length, this.liveCount);
          const idf = Math.log(1 + (this.liveCount - frequency + 0.5) / (frequency + 0.5));
          const factor = weight * fieldWeight * idf;
          const lengths = this.lengths[fieldNumber] ?? [];
          const lengthNorm = BM25_B / (averageLengths[fieldNumber] ?? 1);
          // The hot loop: array reads are in bounds by construction.
          for (let index = 0; index < slots.length; index++) {
            const slot = slots[index] as number;
            if (!this.live[slot]) continue;
            const count = counts[index] as number;
            const saturation = BM25_K * (1 - BM25_B + lengthNorm * (lengths[slot] as number));
            scores[slot] =
              (scores[slot] as number) + factor * (BM25_DELTA + (count * (BM25_K + 1)) / (count + saturation));
            if (lastUnit[slot] !== mark) {
              lastUnit[slot] = mark;
              if (unitsMatched[slot] === 0) touched.push(slot);
              unitsMatched[slot] = (unitsMatched[slot] as number) + 1;
            }
          }
        });
      }
    });
    return {
      slots: touched,
      scores: touched.map((slot) => scores[slot] as number),
      unitsMatched: touched.map((slot) => unitsMatched[slot] as number),
      unitCount: units.length,
      matchedTerms,
    };
  }

  /** The index terms a unit reaches, each with the weight of its best way there. */
  private expand(unit: QueryUnit): WeightedTerm[] {
    const weights = new Map<string, number>();
    const offer = (term: string, weight: number) => {
      if (weight > (weights.get(term) ?? 0)) weights.set(term, weight);
    };
    offer(unit.term, 1);
    if (unit.typos > 0) {
      for (const [term, [, distance]] of this.terms.fuzzyGet(unit.term, unit.typos)) {
        offer(term, (TYPO_WEIGHT * term.length) / (term.length + distance));
      }
    }
    if (unit.prefix) {
      for (const term of this.terms.atPrefix(unit.term).keys()) offer(term, completionWeight(term, unit.term));
      for (const [word, stem] of this.words.atPrefix(unit.folded)) offer(stem, completionWeight(word, unit.folded));
    }
    return [...weights].flatMap(([term, weight]) => {
      const postings = this.postings.get(term);
      return postings ? [{ term, weight, postings }] : [];
    });
  }
}

function completionWeight(completion: string, typed: string): number {
  const added = completion.length - typed.length;
  return added === 0 ? 1 : (PREFIX_WEIGHT * completion.length) / (completion.length + 0.3 * added);
}

function textOf(value: unknown): string {
  return Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '';
}
