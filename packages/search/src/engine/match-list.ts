import { compareIds, type DocumentEntry } from './document-entry';
import type { LocaleIndex } from './locale-index';

/** A document in a result page, with its relevance and the index terms its query reached (for snippets). */
export interface Ranked {
  readonly entry: DocumentEntry;
  readonly score: number;
  readonly matchedTerms: ReadonlySet<string>;
}

/** The stretch of a match list one locale index contributed. */
export interface Segment {
  readonly index: LocaleIndex;
  readonly start: number;
  readonly end: number;
  readonly matchedTerms: ReadonlySet<string>;
}

const NO_TERMS: ReadonlySet<string> = new Set();

/**
 * The documents a search matched, as slot numbers and scores in flat arrays: a query can match
 * 100k documents, and only the page shown becomes objects. Each locale index adds one segment.
 */
export class MatchList {
  readonly slots: number[] = [];
  readonly scores: number[] = [];
  readonly segments: Segment[] = [];

  get size(): number {
    return this.slots.length;
  }

  /** Adds one index's matches; `fill` calls `add` for each, in the order they should keep. */
  addSegment(
    index: LocaleIndex,
    matchedTerms: ReadonlySet<string> | undefined,
    fill: (add: (slot: number, score: number) => void) => void,
  ): void {
    const start = this.size;
    fill((slot, score) => {
      this.slots.push(slot);
      this.scores.push(score);
    });
    this.segments.push({ index, start, end: this.size, matchedTerms: matchedTerms ?? NO_TERMS });
  }

  entryAt(position: number): DocumentEntry {
    return this.segmentAt(position).index.entryAt(this.slots[position] ?? -1);
  }

  ranked(position: number): Ranked {
    const segment = this.segmentAt(position);
    return {
      entry: segment.index.entryAt(this.slots[position] ?? -1),
      score: this.scores[position] ?? 0,
      matchedTerms: segment.matchedTerms,
    };
  }

  /** Compares two matches by their documents' ids (precomputed ranks within one locale index). */
  compareIds(a: number, b: number): number {
    const segment = this.segmentAt(a);
    if (segment === this.segmentAt(b)) return segment.index.compareIdsAt(this.slots[a] ?? -1, this.slots[b] ?? -1);
    return compareIds(this.entryAt(a), this.entryAt(b));
  }

  private segmentAt(position: number): Segment {
    const only = this.segments.length === 1 ? this.segments[0] : undefined;
    const segment = only ?? this.segments.find(({ end }) => position < end);
    if (!segment) throw new RangeError(`No match at position ${position}`);
    return segment;
  }
}
