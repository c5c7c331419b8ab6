import { useMemo } from 'react';
import { formatMessage } from '@piste/core';
import type { DisplayTextDictionary } from './display-text.server';
import { useRootData } from './root-data';

export type Translate = (title: string, values?: Record<string, string | number>) => string;

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

/** The shop's labels in the page's language, from the root loader's dictionary. */
export function useDisplayText(): Translate {
  const root = useRootData();
  const dictionary = root?.displayText;
  const language = root?.displayTextLanguage;
  return useMemo(() => translateWith(dictionary ?? {}, language), [dictionary, language]);
}
