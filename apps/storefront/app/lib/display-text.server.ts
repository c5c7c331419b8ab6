import type { AppLoadContext } from 'react-router';
import { createDisplayText } from '@piste/content';

/** Lower-cased, trimmed display-text titles → the text in the page's language. */
export type DisplayTextDictionary = Record<string, string>;

/**
 * The shop's own labels in the visitor's language (spec §3 'Display text entry'): every title
 * of the locale's display texts and duplicates, resolved once on the server so the browser
 * gets a plain dictionary. An empty dictionary (content unavailable) leaves labels in English.
 */
export async function loadDisplayTextDictionary(
  context: AppLoadContext,
  contentLocale: string,
): Promise<DisplayTextDictionary> {
  const { texts, duplicates } = await context.services.content.client.displayTexts(contentLocale);
  const translate = createDisplayText(texts, duplicates);
  const dictionary: DisplayTextDictionary = {};
  for (const { title } of [...texts, ...duplicates]) {
    const key = title.trim().toLowerCase();
    if (!(key in dictionary)) dictionary[key] = translate(title);
  }
  return dictionary;
}
