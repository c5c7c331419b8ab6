import { bigramsOf, isCjkWord, splitWords, type TextAnalyzer, type Word } from './text-analysis';

const DEFAULT_SNIPPET_SIZE = 100;

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Snippets are injected into pages as HTML: every character of document text goes through here. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** The first `size` characters, never splitting a surrogate pair. */
export function truncate(text: string, size: number): string {
  return text.length <= size ? text : text.slice(0, safeCut(text, size));
}

/**
 * An excerpt of at most `size` characters around the first match, matched words wrapped in
 * `<em>` and all the rest escaped. A word is matched when one of its index terms is among the
 * terms the document matched, so typo, prefix and stem matches are highlighted as typed-for.
 * Without a match: null, or with `fallback` the escaped start of the text.
 */
export function snippetOf(
  text: string,
  analyzer: TextAnalyzer,
  matchedTerms: ReadonlySet<string>,
  { size = DEFAULT_SNIPPET_SIZE, fallback = false }: { size?: number; fallback?: boolean } = {},
): string | null {
  const words = splitWords(text);
  const highlights = matchedTerms.size > 0 ? highlightsOf(words, analyzer, matchedTerms) : [];
  const first = highlights[0];
  if (first === undefined) return fallback ? escapeHtml(text.slice(0, wordBoundaryBefore(text, words, 0, size))) : null;
  const [start, end] = windowAround(text, words, first, size);
  let html = '';
  let cursor = start;
  for (const [from, to] of highlights) {
    if (from >= end) break;
    const clippedTo = Math.min(to, end);
    html += `${escapeHtml(text.slice(cursor, from))}<em>${escapeHtml(text.slice(from, clippedTo))}</em>`;
    cursor = clippedTo;
  }
  return html + escapeHtml(text.slice(cursor, end));
}

type Range = readonly [number, number];

/** Offsets of the matched words (or, in CJK runs, matched character pairs), merged, in order. */
function highlightsOf(words: readonly Word[], analyzer: TextAnalyzer, matchedTerms: ReadonlySet<string>): Range[] {
  const ranges: [number, number][] = [];
  const add = (from: number, to: number) => {
    const last = ranges.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else ranges.push([from, to]);
  };
  for (const word of words) {
    if (isCjkWord(word.text)) {
      let offset = word.start;
      for (const bigram of bigramsOf(word.text)) {
        if (matchedTerms.has(bigram)) add(offset, offset + bigram.length);
        offset += Array.from(bigram)[0]?.length ?? 1;
      }
    } else if (analyzer.termsOf(word.text).some((term) => matchedTerms.has(term))) {
      add(word.start, word.end);
    }
  }
  return ranges;
}

/**
 * Where the excerpt starts and ends: a quarter of the room before the match, the rest after,
 * both ends on word boundaries where the text allows.
 */
function windowAround(text: string, words: readonly Word[], [from, to]: Range, size: number): Range {
  if (text.length <= size) return [0, text.length];
  const lead = Math.floor(Math.max(0, size - (to - from)) / 4);
  let start = Math.max(0, from - lead);
  if (start > 0) start = words.find((word) => word.start >= start)?.start ?? from;
  // Near the end of the text, spend the unused room before the match instead.
  if (text.length - start < size) start = startOfWordAtOrAfter(words, text.length - size) ?? start;
  return [start, wordBoundaryBefore(text, words, start, start + size)];
}

function startOfWordAtOrAfter(words: readonly Word[], offset: number): number | undefined {
  return words.find((word) => word.start >= offset)?.start;
}

/** The end of the last whole word before `limit` (or `limit` itself when one word fills the room). */
function wordBoundaryBefore(text: string, words: readonly Word[], start: number, limit: number): number {
  if (limit >= text.length) return text.length;
  let end = 0;
  for (const word of words) {
    if (word.end > limit) break;
    end = word.end;
  }
  return end > start ? end : safeCut(text, limit);
}

function safeCut(text: string, index: number): number {
  const code = text.charCodeAt(index - 1);
  return code >= 0xd800 && code <= 0xdbff ? index - 1 : index;
}
