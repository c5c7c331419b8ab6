import type { Page } from '@playwright/test';
import { acceptRefusedForms, expect, test } from './console-errors';
import { createProAccount } from './pro-accounts';
import { asNewVisitor, createAccount, uniqueEmail } from './visitors';

/**
 * The account rules a shopper sees (docs/accounts.md): a pro's remaining limit outside the pro
 * pages, an employee's prices without sale tags, and password-reset links to the region's
 * storefront.
 */

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/en-us/account');
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Sign in' }).click();
}

test('a pro sees the spend limit left in the account overview and in the header account menu', async ({ page }) => {
  await asNewVisitor(page);
  const main = page.getByRole('main');
  await createProAccount(page, {
    firstName: 'Noa',
    lastName: 'Berg',
    email: uniqueEmail('pro-left'),
    password: 'waxed edges and early lifts',
    code: 'PRO-US-DEMO',
  });

  // Spec §4 'Customer': "Setting the customer triggers pro detection and a spend-status fetch".
  await page.goto('/en-us/account');
  const programme = main.getByRole('region', { name: 'Pro programme' });
  await expect(programme.getByText('$3,000.00 left at pro prices this year.')).toBeVisible();

  const header = page.getByRole('banner');
  await header.locator('summary', { hasText: 'Account' }).click();
  await expect(header.getByText('$3,000.00 left at pro prices this year.')).toBeVisible();
});

test('an employee sees the employee price and no sale tag, on the product page and the category', async ({
  page,
  consoleErrors,
}) => {
  await asNewVisitor(page);
  const main = page.getByRole('main');
  await signIn(page, 'employee@piste.test', 'piste-demo-employee');
  // An argon2 check: on a busy 2-core machine it may take longer than an assertion's default wait.
  await expect(main.getByRole('heading', { level: 1, name: /^Hello,/ })).toBeVisible({ timeout: 20_000 });

  // The Cornice binding is on sale ($319.95); 40 % off its $379.95 list price is $227.97.
  await page.goto('/en-us/p/cornice-binding');
  await expect(main.getByText('Employee price').first()).toBeVisible();
  await expect(main.getByText('$227.97').first()).toBeVisible();
  await expect(main.getByText('Sale', { exact: true })).toHaveCount(0);
  await page.goto('/en-us/c/bindings');
  await expect(main.getByText('Employee price').first()).toBeVisible();
  await expect(main.getByText('Sale', { exact: true })).toHaveCount(0);
  acceptRefusedForms(consoleErrors);
});

test("a password-reset email links to the login page of the region's storefront, and older links still work", async ({
  page,
  consoleErrors,
}) => {
  await asNewVisitor(page);
  const main = page.getByRole('main');
  const email = uniqueEmail('reset-region');
  await createAccount(page, {
    firstName: 'Élise',
    lastName: 'Gagnon',
    email,
    password: 'fresh corduroy at first chair',
  });
  await page.context().clearCookies();

  // Asked for from the French-Canadian shop: the link is the Canadian storefront's login page.
  await page.goto('/fr-ca/account?action=forgot_password');
  await main.getByLabel('E-mail').fill(email);
  await main.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).click();
  const latestMail = async () =>
    (await page.request.get(`/_dev/mail/latest.json?to=${encodeURIComponent(email)}`)).json();
  await expect.poll(async () => (await latestMail()).kind).toBe('password_reset');
  const link = new URL(
    ((await latestMail()).links as string[]).find((candidate) => candidate.includes('action=reset_password'))!,
  );
  // Spec §2 'Link building': "A password-reset link goes to the storefront login page with
  // action=reset_password. The storefront is chosen by region (us, ca, eu_region_1)."
  expect(link.pathname).toBe('/en-ca/account');
  expect(link.searchParams.get('action')).toBe('reset_password');
  const token = link.searchParams.get('token')!;

  // A link of the form sent before (the shopper's own locale) opens the same form.
  await page.goto(`/fr-ca/account?action=reset_password&token=${token}`);
  await expect(main.getByRole('textbox', { name: 'Nouveau mot de passe' })).toBeVisible();

  await page.goto(`${link.pathname}${link.search}`);
  await expect(main.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await main.getByRole('textbox', { name: 'New password' }).fill('a brand new powder day');
  await main.getByRole('button', { name: 'Save new password' }).click();
  await expect(main.getByText('Your password has been changed, and you are signed in.')).toBeVisible();
  acceptRefusedForms(consoleErrors);
});
