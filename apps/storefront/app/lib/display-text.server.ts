import { createHash } from 'node:crypto';
import { CONTENT_LOCALES } from '@piste/core';
import { createDisplayText, sameEntries } from '@piste/content';
import type { LoadContextOf } from '@piste/server/load-context';
import {
  forgetDictionary,
  rememberDictionary,
  type DisplayTextDictionary,
  type DisplayTextSource,
} from './display-text';

export type { DisplayTextDictionary } from './display-text';

/** Where dictionary modules are served (routes/display-texts.ts). */
export const DISPLAY_TEXTS_PATH = '/display-texts/';

/** A locale's dictionary as built, its source for pages, and the module the browser loads. */
interface BuiltTexts {
  entries: readonly object[];
  source: DisplayTextSource;
  module: string;
}

/** The last dictionary built per content locale, and the one before (a render may still name it). */
const built = new Map<string, { current: BuiltTexts; previous?: BuiltTexts }>();

/**
 * The language a locale's texts are written in: its own when it has translations, English
 * when every text fell back to en-us (a Japanese page reads English "1 item", not "1 items").
 */
export function writtenLanguage(entries: readonly { locale: string }[], contentLocale: string): string {
  const own = entries.some((entry) => entry.locale === contentLocale);
  return own ? contentLocale.split('-')[0]! : 'en';
}

/** The dictionary as an ES module; its URL carries a hash of this text, so it may be cached for good. */
function dictionaryModule(dictionary: DisplayTextDictionary): string {
  return `export default ${JSON.stringify(dictionary)};\n`;
}

/**
 * The shop's own labels in the visitor's language (spec §3 'Display text entry'): every title
 * of the locale's display texts and duplicates, resolved once on the server into a plain
 * dictionary, with the language the texts are written in. An empty dictionary (content
 * unavailable) leaves labels in English. The content client hands back the same entries while
 * its cache holds them, and the dictionary built from them is reused until it hands back others.
 * Pages get the dictionary's URL, not the dictionary (docs/decisions/029-e-hydration-data.md).
 */
export async function loadDisplayTexts(
  context: LoadContextOf<'content'>,
  contentLocale: string,
): Promise<DisplayTextSource> {
  const { texts, duplicates } = await context.services.content.client.displayTexts(contentLocale);
  const entries = [...texts, ...duplicates];
  const last = built.get(contentLocale);
  if (last && sameEntries(last.current.entries, entries)) return last.current.source;
  const translate = createDisplayText(texts, duplicates);
  const dictionary: DisplayTextDictionary = {};
  for (const { title } of entries) {
    const key = title.trim().toLowerCase();
    if (!(key in dictionary)) dictionary[key] = translate(title);
  }
  const module = dictionaryModule(dictionary);
  const hash = createHash('sha256').update(module).digest('base64url').slice(0, 12);
  const source = {
    href: `${DISPLAY_TEXTS_PATH}${contentLocale}.${hash}.js`,
    language: writtenLanguage(entries, contentLocale),
  };
  rememberDictionary(source.href, dictionary);
  // Two versions per locale stay: renders begun before a content change still find theirs.
  if (last?.previous && last.previous.source.href !== source.href) forgetDictionary(last.previous.source.href);
  built.set(contentLocale, { current: { entries, source, module }, previous: last?.current });
  return source;
}

/**
 * The module text of a dictionary URL's file name (`en-us.<hash>.js`), building the locale's
 * dictionary when this process has not yet; null when the name is not one it serves.
 */
export async function displayTextsModule(context: LoadContextOf<'content'>, file: string): Promise<string | null> {
  const locale = /^([a-z-]+)\.[\w-]+\.js$/.exec(file)?.[1];
  // Only the shop's content locales: a made-up one would build and keep a dictionary of its own.
  if (!locale || !CONTENT_LOCALES.includes(locale)) return null;
  await loadDisplayTexts(context, locale);
  const versions = built.get(locale);
  const href = `${DISPLAY_TEXTS_PATH}${file}`;
  return [versions?.current, versions?.previous].find((version) => version?.source.href === href)?.module ?? null;
}
