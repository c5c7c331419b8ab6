import { defaultLocaleForLanguage, parseLocale } from './locales';

export interface AcceptLanguageEntry {
  /** Lowercase tag, `_` normalised to `-`. */
  tag: string;
  q: number;
}

const TAG = /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/;
const QVALUE = /^(?:0(?:\.\d*)?|1(?:\.0*)?|\.\d+)$/;

/**
 * Spec §4 'Locale': the accept-language header is the last detection source.
 * Returns the acceptable tags (q > 0) in preference order; wildcards and
 * malformed entries are dropped. Never throws.
 */
export function parseAcceptLanguage(header: string | null | undefined): AcceptLanguageEntry[] {
  if (typeof header !== 'string' || header.trim() === '') return [];
  const entries: (AcceptLanguageEntry & { index: number })[] = [];
  header.split(',').forEach((part, index) => {
    const [rawTag = '', ...params] = part.split(';');
    const tag = rawTag.trim().toLowerCase().replace(/_/g, '-');
    if (!TAG.test(tag)) return; // includes '*' and empty parts
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*(.*?)\s*$/i.exec(param);
      if (!match) continue;
      const raw = match[1] ?? '';
      if (!QVALUE.test(raw)) return;
      q = Number(raw);
    }
    if (q > 0) entries.push({ tag, q, index });
  });
  entries.sort((a, b) => b.q - a.q || a.index - b.index);
  return entries.map(({ tag, q }) => ({ tag, q }));
}

/** Browsers send Norwegian as nb/nn; the storefront's code for it is `no` (spec §9). */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = { nb: 'no', nn: 'no' };

/**
 * The best supported locale for an Accept-Language header, or null. Per tag in
 * preference order: an exact supported `lang-country` wins; otherwise the tag's
 * language resolves to its home-country locale (en → en-us, de → de-de, fr → fr-fr).
 */
export function localeFromAcceptLanguage(header: string | null | undefined): string | null {
  for (const { tag } of parseAcceptLanguage(header)) {
    const [first = '', ...subtags] = tag.split('-');
    const language = LANGUAGE_ALIASES[first] ?? first;
    // Skip script subtags (zh-Hans-CN): the region is the first two-letter subtag.
    const region = subtags.find((subtag) => /^[a-z]{2}$/.test(subtag));
    if (region) {
      const exact = parseLocale(`${language}-${region}`);
      if (exact) return exact.locale;
    }
    const byLanguage = defaultLocaleForLanguage(language);
    if (byLanguage) return byLanguage;
  }
  return null;
}
