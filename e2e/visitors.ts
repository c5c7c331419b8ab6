import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/**
 * Gives the page's browser an address of its own: e2e runs with TRUST_PROXY (playwright.config.ts),
 * so the per-IP sign-in and sign-up limits hold as in production without journeys sharing them.
 */
export async function asNewVisitor(page: Page): Promise<void> {
  const octets = randomUUID()
    .replaceAll('-', '')
    .slice(0, 6)
    .match(/../g)!
    .map((hex) => parseInt(hex, 16));
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${octets.join('.')}` });
}

/** An email no other journey uses. */
export function uniqueEmail(label: string): string {
  return `${label}.${randomUUID().slice(0, 8)}@example.com`;
}

/** Creates an account from `/en-us/account/create` and waits for the welcome, signed in. */
export async function createAccount(
  page: Page,
  shopper: { firstName: string; lastName: string; email: string; password: string },
): Promise<void> {
  const main = page.getByRole('main');
  await page.goto('/en-us/account/create');
  await main.getByLabel('First name').fill(shopper.firstName);
  await main.getByLabel('Last name').fill(shopper.lastName);
  await main.getByLabel('Email', { exact: true }).fill(shopper.email);
  await main.getByLabel('Password').fill(shopper.password);
  await main.getByRole('button', { name: 'Create account' }).click();
  await expect(main.getByText('Welcome! Your account is ready.')).toBeVisible();
}
