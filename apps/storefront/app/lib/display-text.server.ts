import type { AppLoadContext } from 'react-router';
import { createDisplayText, sameEntries } from '@piste/content';

/** Lower-cased, trimmed display-text titles → the text in the page's language. */
export type DisplayTextDictionary = Record<string, string>;

/** The last dictionary built per content locale, and the entries it was built from. */
const built = new Map<string, { entries: readonly object[]; dictionary: DisplayTextDictionary }>();

/**
 * The shop's own labels in the visitor's language (spec §3 'Display text entry'): every title
 * of the locale's display texts and duplicates, resolved once on the server so the browser
 * gets a plain dictionary. An empty dictionary (content unavailable) leaves labels in English.
 * The content client hands back the same entries while its cache holds them, and the
 * dictionary built from them is reused until it hands back others.
 */
export async function loadDisplayTextDictionary(
  context: AppLoadContext,
  contentLocale: string,
): Promise<DisplayTextDictionary> {
  const { texts, duplicates } = await context.services.content.client.displayTexts(contentLocale);
  const entries = [...texts, ...duplicates];
  const last = built.get(contentLocale);
  if (last && sameEntries(last.entries, entries)) return last.dictionary;
  const translate = createDisplayText(texts, duplicates);
  const dictionary: DisplayTextDictionary = {};
  for (const { title } of entries) {
    const key = title.trim().toLowerCase();
    if (!(key in dictionary)) dictionary[key] = translate(title);
  }
  built.set(contentLocale, { entries, dictionary });
  return dictionary;
}
