import { createDisplayText, sameEntries } from '@piste/content';
import type { LoadContextOf } from '@piste/server/load-context';

/** Lower-cased, trimmed display-text titles → the text in the page's language. */
export type DisplayTextDictionary = Record<string, string>;

/** A locale's display texts, and the language they are written in (for plural rules). */
export interface DisplayTexts {
  dictionary: DisplayTextDictionary;
  language: string;
}

/** The last dictionary built per content locale, and the entries it was built from. */
const built = new Map<string, { entries: readonly object[]; texts: DisplayTexts }>();

/**
 * The language a locale's texts are written in: its own when it has translations, English
 * when every text fell back to en-us (a Japanese page reads English "1 item", not "1 items").
 */
export function writtenLanguage(entries: readonly { locale: string }[], contentLocale: string): string {
  const own = entries.some((entry) => entry.locale === contentLocale);
  return own ? contentLocale.split('-')[0]! : 'en';
}

/**
 * The shop's own labels in the visitor's language (spec §3 'Display text entry'): every title
 * of the locale's display texts and duplicates, resolved once on the server so the browser
 * gets a plain dictionary, with the language the texts are written in. An empty dictionary
 * (content unavailable) leaves labels in English. The content client hands back the same entries while its cache holds them, and the
 * dictionary built from them is reused until it hands back others.
 */
export async function loadDisplayTexts(
  context: LoadContextOf<'content'>,
  contentLocale: string,
): Promise<DisplayTexts> {
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
  const loaded = { dictionary, language: writtenLanguage(entries, contentLocale) };
  built.set(contentLocale, { entries, texts: loaded });
  return loaded;
}
