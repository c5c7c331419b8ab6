import type { Page } from '@playwright/test';

/** The consent cookie's values (packages/core/src/tracking/consent.ts): analytics and marketing, on or off. */
export const CONSENT_ACCEPT_ALL = 'v1.a1.m1';
export const CONSENT_ANALYTICS_ONLY = 'v1.a1.m0';
export const CONSENT_REJECT_ALL = 'v1.a0.m0';

/**
 * Gives the visitor's consent to analytics before the journey starts, as a returning visitor
 * who accepted cookies would have it: tracking is on from the first page (e2e sets TAG_MANAGER_ID).
 */
export async function consentToTracking(page: Page, value = CONSENT_ACCEPT_ALL): Promise<void> {
  await page.context().addCookies([{ name: 'piste_consent', value, url: `http://127.0.0.1:${process.env.E2E_PORT}` }]);
}
