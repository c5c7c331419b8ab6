import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import { formatMessage } from '@piste/core';
import type { loader as rootLoader } from '../root';
import type { DisplayTextDictionary } from './display-text.server';

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
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const dictionary = root?.displayText;
  const language = root?.displayTextLanguage;
  return useMemo(() => translateWith(dictionary ?? {}, language), [dictionary, language]);
}

/** A label's forms by plural category (`Intl.PluralRules`); `other` stands in for any form not given. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * A counted label in the form the count takes in the texts' language (`one`, `few`, `many`, …),
 * its `{count}` filled in: `Cart, {count} item` for one, `Cart, {count} items` for the rest.
 * `textLocale` is the language the display texts are written in, which is English where content
 * falls back to it, so the rules always match the words.
 */
export function pluralText(t: Translate, textLocale: string, count: number, forms: PluralForms): string {
  const category = pluralRules(textLocale).select(count);
  return t(forms[category] ?? forms.other, { count });
}

const rulesByLocale = new Map<string, Intl.PluralRules>();

function pluralRules(locale: string): Intl.PluralRules {
  let rules = rulesByLocale.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(isLocaleTag(locale) ? locale : 'en');
    rulesByLocale.set(locale, rules);
  }
  return rules;
}

/** Whether Intl takes the tag (content may name any locale; a malformed one throws). */
function isLocaleTag(locale: string): boolean {
  try {
    return Intl.PluralRules.supportedLocalesOf([locale]).length > 0;
  } catch {
    return false;
  }
}

/** Counted labels in the page's language: `plural(count, { one, other })`. */
export function usePluralText(): (count: number, forms: PluralForms) => string {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const t = useDisplayText();
  const textLocale = root?.displayTextLocale ?? 'en-us';
  return useMemo(() => (count, forms) => pluralText(t, textLocale, count, forms), [t, textLocale]);
}
