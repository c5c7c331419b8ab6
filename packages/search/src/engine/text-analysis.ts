import { stemmerFor, type Stemmer } from './stemmers';

/** A run of letters, digits and combining marks: everything else separates words. */
const WORD_PATTERN = /[\p{L}\p{N}\p{M}]+/gu;
/** Han, kana and their marks: these languages write without spaces, so words are found by bigrams. */
const HAS_CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\u30fc\u3005]/u;
const CJK_OR_OTHER_RUN =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\u30fc\u3005]+|[^\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\u30fc\u3005]+/gu;
/** Printable ASCII needs no folding beyond lowercase: the common case, kept cheap. */
const NON_ASCII = /[^\u0020-\u007e]/;
const COMBINING_DIACRITICS = /[\u0300-\u036f]/g;
/** Letters NFD does not decompose but shoppers type without their diacritic. */
const UNDECOMPOSABLE_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
};
const UNDECOMPOSABLE_PATTERN = /[ßæœøłđðþ]/g;
/** Bounds the per-locale word cache; product copy has a small vocabulary, but content is open-ended. */
const WORD_CACHE_LIMIT = 50_000;

export interface Word {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Lowercase without diacritics, so 'Hélmet' finds 'helmet' and 'fäustling' 'faustling'. */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  return lower
    .normalize('NFD')
    .replace(COMBINING_DIACRITICS, '')
    .replace(UNDECOMPOSABLE_PATTERN, (letter) => UNDECOMPOSABLE_LETTERS[letter] ?? letter)
    .normalize('NFC');
}

export function isCjkWord(word: string): boolean {
  return HAS_CJK.test(word);
}

/** The words of a text with their offsets (for snippets and suggestions). A CJK run is one word. */
export function splitWords(text: string): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(WORD_PATTERN)) {
    const run = match[0];
    if (!HAS_CJK.test(run)) {
      words.push({ text: run, start: match.index, end: match.index + run.length });
      continue;
    }
    for (const part of run.matchAll(CJK_OR_OTHER_RUN)) {
      const start = match.index + part.index;
      words.push({ text: part[0], start, end: start + part[0].length });
    }
  }
  return words;
}

/** The words of a text without offsets: the indexing hot path. */
export function wordsOf(text: string): string[] {
  const runs = text.match(WORD_PATTERN) ?? [];
  return runs.some((run) => HAS_CJK.test(run)) ? runs.flatMap((run) => run.match(CJK_OR_OTHER_RUN) ?? []) : runs;
}

/** Overlapping character pairs: 'スキー' → ['スキ', 'キー']; a lone character stays itself. */
export function bigramsOf(run: string): string[] {
  const characters = Array.from(run);
  if (characters.length < 2) return characters;
  return characters.slice(1).map((character, index) => characters[index] + character);
}

export interface AnalysedWord {
  /** Lowercase without diacritics: what a typed prefix is compared with. */
  readonly folded: string;
  /** The folded stem (a CJK run itself): what exact-title and phrase boosts compare. */
  readonly stem: string;
  /** What the index holds for the word: its stem, or a CJK run's character bigrams. */
  readonly terms: readonly string[];
  readonly cjk: boolean;
}

/**
 * A locale's word analysis. Stemming runs on the lowercase word before folding, since Snowball
 * stemmers read diacritics ('équipées' → 'équip' → 'equip'). Words repeat a lot across a
 * catalogue, so analyses are cached.
 */
export class TextAnalyzer {
  private readonly cache = new Map<string, AnalysedWord>();

  constructor(private readonly stemmer: Stemmer | undefined) {}

  analyse(word: string): AnalysedWord {
    const cached = this.cache.get(word);
    if (cached) return cached;
    const analysed = this.analyseUncached(word);
    if (this.cache.size >= WORD_CACHE_LIMIT) this.cache.clear();
    this.cache.set(word, analysed);
    return analysed;
  }

  termsOf(word: string): readonly string[] {
    return this.analyse(word).terms;
  }

  private analyseUncached(word: string): AnalysedWord {
    if (isCjkWord(word)) return { folded: word, stem: word, terms: bigramsOf(word), cjk: true };
    const lower = word.toLowerCase();
    const folded = foldText(lower);
    const stem = (this.stemmer && foldText(this.stemmer(lower))) || folded;
    return { folded, stem, terms: [stem], cjk: false };
  }
}

export function analyzerFor(locale: string): TextAnalyzer {
  return new TextAnalyzer(stemmerFor(locale));
}
