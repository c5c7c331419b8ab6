import { useRouteLoaderData } from 'react-router';
import { DEFAULT_LOCALE, localizePath, resolveLocaleState, type LocaleState } from '@piste/core';
import type { loader as rootLoader } from '../root';

/** The locale of the page being shown, from the root loader (en-us before it has run). */
export function useLocaleState(): LocaleState {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  return data?.localeState ?? resolveLocaleState({ locale: DEFAULT_LOCALE });
}

/** Builds links inside the visitor's locale: `/{locale}{path}`, home of en-us being `/`. */
export function useLocalizePath(): (path: string) => string {
  const { locale } = useLocaleState();
  return (path) => localizePath(locale, path);
}
