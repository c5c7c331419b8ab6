import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import type { StaffRole } from '@piste/admin';
import { asNewVisitor } from '../visitors';
import { E2E_STAFF, E2E_STAFF_PASSWORD } from './staff-accounts';

/** What the back-office journeys share: signing in as a role, the frame, and screenshots for review. */

const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Signs in at /admin/sign-in (from an address of its own: the sign-in limit is per IP) and waits for the frame. */
export async function signInToBackOffice(
  page: Page,
  who: StaffRole | { email: string; password: string },
  next = '/',
): Promise<void> {
  const { email, password } = typeof who === 'string' ? { ...E2E_STAFF[who], password: E2E_STAFF_PASSWORD } : who;
  await asNewVisitor(page);
  await page.goto(`/admin/sign-in?next=${encodeURIComponent(next)}`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(backOfficeNavigation(page)).toBeVisible();
}

export async function signOutOfBackOffice(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
}

/** The side navigation: it lists only the areas the role may open. */
export const backOfficeNavigation = (page: Page) => page.getByRole('navigation', { name: 'Back office' });

/** Opens an area from the navigation and waits for its heading. */
export async function openArea(page: Page, area: string, heading = area): Promise<void> {
  await backOfficeNavigation(page).getByRole('link', { name: area, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** A full-page screenshot at the project's 1440 px, kept in e2e/admin/screenshots/ (not committed) for review. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
}

/** Adds a product to the shopper's cart from its page (the first size when it has several). */
export async function addToCart(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const sizes = page.getByRole('group', { name: /^(Size|Größe)$/ }).getByRole('radio');
  if ((await sizes.count()) > 1) await sizes.first().check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Added to cart');
}

/**
 * The API's refusals (401 before signing in, 400 invalid, 409 stale) are logged by Chromium as
 * failed loads; where they are the journey's point, this removes them, and only them.
 */
export function acceptRefusedApiCalls(consoleErrors: string[]): void {
  const refused = /status of (400|401|403|409) .*\/admin\/api\//;
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !refused.test(error)));
}

/**
 * Signing in starts from the sign-in page, which first asks the API whether a session exists: the
 * 401 it answers before signing in is logged by Chromium, and only that one is removed here.
 */
export function acceptSignedOutSessionCheck(consoleErrors: string[]): void {
  const signedOut = /status of 401 .*\/admin\/api\/session\)$/;
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !signedOut.test(error)));
}
