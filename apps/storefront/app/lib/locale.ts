import { DEFAULT_LOCALE_STATE, localizePath, type LocaleState } from '@piste/core';
import { useRootData } from './root-data';

/** The locale of the page being shown, from the root loader (en-us when it failed). */
export function useLocaleState(): LocaleState {
  return useRootData()?.localeState ?? DEFAULT_LOCALE_STATE;
}

/** Builds links inside the visitor's locale: `/{locale}{path}`, home of en-us being `/`. */
export function useLocalizePath(): (path: string) => string {
  const { locale } = useLocaleState();
  return (path) => localizePath(locale, path);
}
