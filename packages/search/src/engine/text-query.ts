import { stemKey } from './relevance';
import { bigramsOf, wordsOf, type TextAnalyzer } from './text-analysis';

/** One word of the shopper's query, analysed like the indexed text of the locale it searches. */
export interface QueryWord {
  readonly folded: string;
  readonly stem: string;
  readonly cjk: boolean;
  /** The last word while it is still being typed: it also matches as a prefix. */
  readonly prefix: boolean;
}

/** What one index term lookup must find: a word's stem, or one character pair of a CJK word. */
export interface QueryUnit {
  readonly term: string;
  /** The unstemmed form, whose completions a prefix unit also looks for. */
  readonly folded: string;
  /** Edits tolerated when looking the term up. */
  readonly typos: number;
  readonly prefix: boolean;
}

export interface AnalysedQuery {
  readonly words: readonly QueryWord[];
  /** The words' stems between spaces, compared with titles' (relevance.ts). */
  readonly key: string;
}

/**
 * A lone one-letter prefix would expand to much of the vocabulary for little benefit; after
 * other words it narrows them ('vanta m').
 */
const MIN_PREFIX_LENGTH = 2;
/** Typo tolerance starts at four letters: shorter words have too many one-edit neighbours. */
const MIN_TYPO_LENGTH = 4;
const MAX_TYPOS = 2;

export function analyseQuery(query: string, analyzer: TextAnalyzer): AnalysedQuery {
  const texts = wordsOf(query);
  // A query ending in a space or punctuation has its last word complete.
  const lastIsPartial = /[\p{L}\p{N}\p{M}]$/u.test(query);
  const words = texts.map((text, index): QueryWord => {
    const { folded, stem, cjk } = analyzer.analyse(text);
    const partial = lastIsPartial && index === texts.length - 1;
    return { folded, stem, cjk, prefix: partial && (cjk || index > 0 || folded.length >= MIN_PREFIX_LENGTH) };
  });
  return { words, key: stemKey(words.map((word) => word.stem)) };
}

/**
 * How many edits a word's stem tolerates: about one per five letters (MiniSearch's 0.2), none
 * for short stems, numbers (a typo there is another model) or CJK.
 */
export function typoTolerance(word: QueryWord): number {
  if (word.cjk || word.stem.length < MIN_TYPO_LENGTH || /\p{N}/u.test(word.stem)) return 0;
  return Math.min(MAX_TYPOS, Math.round(word.stem.length * 0.2));
}

/** The lookups a query needs; a CJK word needs all its character pairs, the last one as a prefix. */
export function unitsOf(words: readonly QueryWord[]): QueryUnit[] {
  return words.flatMap((word): QueryUnit[] => {
    if (!word.cjk) return [{ term: word.stem, folded: word.folded, typos: typoTolerance(word), prefix: word.prefix }];
    const bigrams = bigramsOf(word.stem);
    return bigrams.map((bigram, index) => ({
      term: bigram,
      folded: bigram,
      typos: 0,
      prefix: word.prefix && index === bigrams.length - 1,
    }));
  });
}
