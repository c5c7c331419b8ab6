import type { TextField } from '../search-document';
import { editDistance } from './edit-distance';
import type { Ranked } from './match-list';
import { selectFirst } from './sorting';
import { foldText, splitWords, wordsOf, type TextAnalyzer, type Word } from './text-analysis';
import { typoTolerance, type QueryWord } from './text-query';

export const DEFAULT_SUGGESTION_COUNT = 5;
/** Phrases are mined from at most this many matches: enough to rank by popularity, bounded work. */
export const SUGGESTION_SOURCE_LIMIT = 500;
/** Words a phrase may hold between the query's words ('horizon goggle' → 'horizon spherical goggle'). */
const MAX_WORDS_BETWEEN = 2;
/** Titles this short are suggested whole, e.g. a product name. */
const WHOLE_TITLE_MAX_WORDS = 4;
/** How far a suggestion's word may be from a typo'd query word and still be measured. */
const MAX_MEASURED_DISTANCE = 3;

/**
 * A completion of the typed text ('gog' → 'goggle lens'); a correction, starting at the query's
 * words but not spelled as typed ('gogles' → 'goggles'); or a phrase around them ('mips helmet'
 * for 'helm', a short whole title).
 */
const TIER = { completion: 0, correction: 1, context: 2 } as const;
type Tier = (typeof TIER)[keyof typeof TIER];

interface Offer {
  readonly phrase: string;
  readonly words: number;
  /** Holds words beyond the matched ones: then only worth showing when several documents offer it. */
  readonly extended: boolean;
  readonly tier: Tier;
  /** Holds the query's words corrected ('goggles' for 'gogles') rather than as typed. */
  readonly corrected: boolean;
  /** For a correction, the edits between its word and the typed one: nearest first. */
  readonly distance: number;
}

interface Candidate extends Offer {
  documents: number;
}

/**
 * Query suggestions from the titles (or other text fields) of matching documents. Each document
 * offers the stretch of its title matching the query's words ('gog' → 'goggle', 'gogles' →
 * 'goggles'), that stretch with the next word and with the previous one, and its whole title
 * when short. Completions come before corrections (nearest spelling first) before the rest,
 * then the most offered; a longer phrase only one document has (a product name with its model
 * number) comes after all of those. Corrections are only offered when nothing completes the
 * query as typed ('casque' should not suggest 'masque').
 */
export class SuggestionCollector {
  private readonly candidates = new Map<string, Candidate>();

  addMatch(match: Ranked, fields: readonly TextField[], words: readonly QueryWord[]): void {
    const { document, analyzer } = match.entry;
    const offers = new Map<string, Offer>();
    for (const field of fields) {
      const value = document[field];
      for (const text of Array.isArray(value) ? value : [value]) {
        for (const offer of offersOf(text, analyzer, words)) {
          const known = offers.get(offer.phrase);
          if (!known || compareOffers(offer, known) < 0) offers.set(offer.phrase, offer);
        }
      }
    }
    for (const offer of offers.values()) {
      const candidate = this.candidates.get(offer.phrase);
      if (!candidate) this.candidates.set(offer.phrase, { ...offer, documents: 1 });
      else if (compareOffers(offer, candidate) < 0)
        this.candidates.set(offer.phrase, { ...offer, documents: candidate.documents + 1 });
      else candidate.documents += 1;
    }
  }

  best(count: number): string[] {
    const all = [...this.candidates.values()];
    const completes = all.some((candidate) => !candidate.corrected);
    const ranked = selectFirst(
      completes ? all.filter((candidate) => !candidate.corrected) : all,
      count,
      (a, b) =>
        Number(isLoneExtension(a)) - Number(isLoneExtension(b)) ||
        compareOffers(a, b) ||
        b.documents - a.documents ||
        a.words - b.words ||
        (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0),
    );
    return ranked.map(({ phrase }) => phrase);
  }
}

function isLoneExtension(candidate: Candidate): boolean {
  return candidate.extended && candidate.documents < 2;
}

function compareOffers(a: Offer, b: Offer): number {
  return a.tier - b.tier || a.distance - b.distance;
}

function offersOf(text: string, analyzer: TextAnalyzer, words: readonly QueryWord[]): Offer[] {
  const textWords = splitWords(text);
  const span = matchedSpan(textWords, analyzer, words);
  const lastWord = words.at(-1);
  if (!span || !lastWord) return [];
  const [first, last] = span;
  const typed = words.map((word) => word.folded).join(' ');
  const spanPhrase = phraseOf(text, textWords, first, last);
  const corrected = !foldText(wordsOf(spanPhrase).join(' ')).startsWith(typed);
  const distance = corrected ? distanceToTyped(textWords[last]?.text ?? '', lastWord) : 0;
  const offer = (from: number, to: number, tier: Tier = corrected ? TIER.correction : TIER.completion): Offer => ({
    phrase: phraseOf(text, textWords, from, to),
    words: to - from + 1,
    extended: from !== first || to !== last,
    tier,
    corrected,
    distance,
  });
  const offers = [offer(first, last)];
  if (last + 1 < textWords.length) offers.push(offer(first, last + 1));
  if (first > 0) offers.push(offer(first - 1, last, TIER.context));
  if (textWords.length <= WHOLE_TITLE_MAX_WORDS && textWords.length > last - first + 2) {
    offers.push(offer(0, textWords.length - 1, TIER.context));
  }
  return offers;
}

type Span = readonly [number, number];

/**
 * The first and last text words matching the query's words in order, close together; else
 * just the first match of the last query word (the one being typed); null when nothing matches.
 */
function matchedSpan(textWords: readonly Word[], analyzer: TextAnalyzer, words: readonly QueryWord[]): Span | null {
  const positions: number[] = [];
  for (const word of words) {
    const from = (positions.at(-1) ?? -1) + 1;
    const found = textWords.findIndex((textWord, index) => index >= from && matches(word, textWord, analyzer));
    if (found < 0) break;
    positions.push(found);
  }
  const first = positions[0];
  const last = positions.at(-1);
  if (
    first !== undefined &&
    last !== undefined &&
    positions.length === words.length &&
    last - first < words.length + MAX_WORDS_BETWEEN
  ) {
    return [first, last];
  }
  const lastWord = words.at(-1);
  const found = lastWord ? textWords.findIndex((textWord) => matches(lastWord, textWord, analyzer)) : -1;
  return found < 0 ? null : [found, found];
}

/** The index search's rules: the stem, typo tolerance, and completions of the word being typed. */
function matches(word: QueryWord, textWord: Word, analyzer: TextAnalyzer): boolean {
  if (word.cjk) return textWord.text.includes(word.folded);
  const { folded, stem } = analyzer.analyse(textWord.text);
  if (stem === word.stem) return true;
  if (word.prefix && (folded.startsWith(word.folded) || stem.startsWith(word.stem))) return true;
  const tolerance = typoTolerance(word);
  return tolerance > 0 && editDistance(stem, word.stem, tolerance) <= tolerance;
}

/** Edits from the typed word to the suggested one, or to its start when the word is still being typed. */
function distanceToTyped(suggested: string, word: QueryWord): number {
  const folded = foldText(suggested);
  const whole = editDistance(folded, word.folded, MAX_MEASURED_DISTANCE);
  if (!word.prefix) return whole;
  return Math.min(whole, editDistance(folded.slice(0, word.folded.length), word.folded, MAX_MEASURED_DISTANCE));
}

/** The text from one word to another as written, lowercase, spaces collapsed. */
function phraseOf(text: string, textWords: readonly Word[], first: number, last: number): string {
  const start = textWords[first]?.start ?? 0;
  const end = textWords[last]?.end ?? text.length;
  return text.slice(start, end).replace(/\s+/g, ' ').toLowerCase();
}
