import { use, useMemo, type ReactNode } from 'react';
import { formatMessage } from '@piste/core';
import { useRootData } from './root-data';

/** Lower-cased, trimmed display-text titles → the text in the page's language. */
export type DisplayTextDictionary = Record<string, string>;

/**
 * Where a page's display texts are (docs/decisions/029-e-hydration-data.md): the URL of one
 * locale's whole dictionary as a JavaScript module named by its content, and the language the
 * texts are written in (for plural rules). The root loader hands this on instead of the
 * dictionary, so the dictionary is not in any page's hydration data; the browser loads it once
 * and keeps it.
 */
export interface DisplayTextSource {
  href: string;
  language: string;
}

export type Translate = (title: string, values?: Record<string, string | number>) => string;

/**
 * The dictionaries this process holds, by their URL. The server puts each locale's in when it
 * builds it (display-text.server.ts); the browser when it has loaded the module (before it
 * hydrates, and when a navigation changes locale).
 */
const dictionaries = new Map<string, DisplayTextDictionary>();

export function rememberDictionary(href: string, dictionary: DisplayTextDictionary): void {
  dictionaries.set(href, dictionary);
}

export function forgetDictionary(href: string): void {
  dictionaries.delete(href);
}

/** The browser's loads by URL, each begun once: everyone waiting for a dictionary waits on one promise. */
const loads = new Map<string, Promise<void>>();

/**
 * Loads a dictionary module in the browser once; the module loader keeps it for the tab's life.
 * Never rejects: a dictionary that fails to load leaves the page in English titles.
 */
export function loadDictionaryModule(href: string): Promise<void> {
  let load = loads.get(href);
  if (!load) {
    load = import(/* @vite-ignore */ href).then(
      (module: { default: DisplayTextDictionary }) => rememberDictionary(href, module.default),
      () => undefined,
    );
    loads.set(href, load);
  }
  return load;
}

/**
 * Renders its children once the dictionary the root data names is loaded. The first page's is
 * loaded before hydration (entry.client.tsx); a navigation into another locale suspends here
 * until that locale's arrives, and as navigations are transitions, React keeps showing the last
 * page meanwhile rather than a page of English titles.
 */
export function DisplayTextsReady({ children }: { children: ReactNode }): ReactNode {
  const source = useRootData()?.displayTexts;
  if (source && typeof document !== 'undefined' && !dictionaries.has(source.href)) {
    use(loadDictionaryModule(source.href));
  }
  return children;
}

/**
 * Looks a label up case-insensitively on its trimmed title, falling back to the title itself
 * (spec §3 'Display text entry'), then fills `{name}` placeholders and
 * `{count, plural, one {…} other {…}}` forms from `values` by the plural rules of `language`
 * (docs/content.md 'Placeholders and plurals').
 */
export function translateWith(dictionary: DisplayTextDictionary, language = 'en'): Translate {
  return (title, values) => {
    const text = dictionary[title.trim().toLowerCase()] ?? title;
    return values ? formatMessage(text, values, language) : text;
  };
}

/**
 * The translate function of a page's display-text source (the root data's `displayTexts`), for
 * meta functions, which cannot use hooks. English titles when the source or its dictionary is missing.
 */
export function translateFrom(source: DisplayTextSource | undefined): Translate {
  return translateWith((source && dictionaries.get(source.href)) ?? {}, source?.language);
}

/** The shop's labels in the page's language, from the dictionary the root data names. */
export function useDisplayText(): Translate {
  const source = useRootData()?.displayTexts;
  return useMemo(() => translateFrom(source), [source]);
}
