import { useRouteLoaderData } from 'react-router';
import type { BotProtectionBrowserConfig, LocaleState } from '@piste/core';
import type { DisplayTextSource } from './display-text';

/**
 * What the root loader (root.tsx) hands every page. The fields here are the ones lib and
 * components read; a feature that puts its own view in the root data declares that field beside
 * its view type by augmenting this interface (`declare module '…/lib/root-data'`), so lib never
 * imports a feature. The root loader's answer `satisfies` the merged whole.
 */
export interface RootData {
  localeState: LocaleState;
  htmlLang: string;
  /** Where images come from (the load context's `media`). */
  media: { baseUrl: string; alias: string };
  /** Where the page's display texts are, and their language (not the dictionary itself: decision 029-e). */
  displayTexts: DisplayTextSource;
  /** Events reach the data layer (spec §7): a container is configured and the visitor consented. */
  trackingEnabled: boolean;
  /** Whether the visitor picked a country (the locale cookie): if not, one may be suggested. */
  localeChosen: boolean;
  /** How protected forms earn a bot-check token (docs/security.md). */
  botProtection: BotProtectionBrowserConfig;
  /**
   * Items in a signed-in customer's cart (quantities, not lines), for the header's mini-cart;
   * null for anyone else, whose header asks `/api/shopper` after load (decision 029-a).
   */
  cartItemCount: number | null;
}

/** The root loader's data; undefined only while the root loader's own error page renders. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
