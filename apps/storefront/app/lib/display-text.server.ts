import type { AppLoadContext } from 'react-router';
import { createDisplayText, sameEntries } from '@piste/content';

/** Lower-cased, trimmed display-text titles → the text in the page's language. */
export type DisplayTextDictionary = Record<string, string>;

/** A locale's display texts, and the locale they are written in (en-us where content fell back to it). */
export interface DisplayTexts {
  dictionary: DisplayTextDictionary;
  locale: string;
}

/** The last dictionary built per content locale, and the entries it was built from. */
const built = new Map<string, { entries: readonly object[]; texts: DisplayTexts }>();

/** The locale most texts are in: the language whose plural rules fit their words. */
function localeOfMost(entries: readonly { locale?: string }[]): string {
  const counts = new Map<string, number>();
  for (const { locale } of entries) if (locale) counts.set(locale, (counts.get(locale) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'en-us';
}

/**
 * The shop's own labels in the visitor's language (spec §3 'Display text entry'): every title
 * of the locale's display texts and duplicates, resolved once on the server so the browser
 * gets a plain dictionary. An empty dictionary (content unavailable) leaves labels in English.
 * The content client hands back the same entries while its cache holds them, and the
 * dictionary built from them is reused until it hands back others.
 */
export async function loadDisplayTextDictionary(context: AppLoadContext, contentLocale: string): Promise<DisplayTexts> {
  const { texts, duplicates } = await context.services.content.client.displayTexts(contentLocale);
  const entries = [...texts, ...duplicates];
  const last = built.get(contentLocale);
  if (last && sameEntries(last.entries, entries)) return last.texts;
  const translate = createDisplayText(texts, duplicates);
  const dictionary: DisplayTextDictionary = {};
  for (const { title } of entries) {
    const key = title.trim().toLowerCase();
    if (!(key in dictionary)) dictionary[key] = translate(title);
  }
  const displayTexts = { dictionary, locale: localeOfMost(texts) };
  built.set(contentLocale, { entries, texts: displayTexts });
  return displayTexts;
}
