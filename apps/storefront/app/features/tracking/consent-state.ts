import { useSyncExternalStore } from 'react';
import { useFetcher, useLocation } from 'react-router';
import type { ConsentChoice } from '@piste/core';
import { useLocalizePath } from '../../lib/locale';
import { useRootData } from '../../lib/root-data';

/** What the consent action answers a fetcher. */
export interface ConsentResult {
  ok: boolean;
  consent?: ConsentChoice;
  message?: string;
}

/** One fetcher for every consent form on the page, so the banner knows when the dialog decided. */
const CONSENT_FETCHER_KEY = 'cookie-consent';

export function useConsentFetcher() {
  return useFetcher<ConsentResult>({ key: CONSENT_FETCHER_KEY });
}

const noSubscription = () => () => {};

/** False on the server and while hydrating, true once React runs the page in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The visitor's choice as the page should show it: the one just saved, else the stored one;
 * `saving` while a choice is on its way (the banner closes at once, not after the round trip).
 */
export function useConsent(): { required: boolean; consent: ConsentChoice | null; saving: boolean } {
  const root = useRootData();
  const fetcher = useConsentFetcher();
  const saved = fetcher.data?.ok ? fetcher.data.consent : undefined;
  return {
    required: root?.consentRequired === true,
    consent: saved ?? root?.consent ?? null,
    saving: fetcher.state !== 'idle',
  };
}

/** The consent action's address, and the page to come back to after a form posted without JavaScript. */
export function useConsentTarget(): { action: string; returnTo: string } {
  const localize = useLocalizePath();
  const location = useLocation();
  return { action: localize('/consent'), returnTo: `${location.pathname}${location.search}` };
}
