import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';
import type { DisplayTextDictionary } from './display-text.server';

export type Translate = (title: string, values?: Record<string, string | number>) => string;

/**
 * Looks a label up case-insensitively on its trimmed title, falling back to the title itself
 * (spec §3 'Display text entry'), then fills `{name}` placeholders from `values`.
 */
export function translateWith(dictionary: DisplayTextDictionary): Translate {
  return (title, values) => {
    const text = dictionary[title.trim().toLowerCase()] ?? title;
    return values ? text.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match)) : text;
  };
}

/** The shop's labels in the page's language, from the root loader's dictionary. */
export function useDisplayText(): Translate {
  const dictionary = useRouteLoaderData<typeof rootLoader>('root')?.displayText;
  return useMemo(() => translateWith(dictionary ?? {}), [dictionary]);
}
