import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './console-errors';

async function expectNoAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test.describe('storefront shell', () => {
  test('home renders at / in English', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Gear for the whole mountain' })).toBeVisible();
    // The home page entry's seo_meta names the page.
    await expect(page).toHaveTitle('Piste | Snowboard bindings, helmets and goggles');
  });

  test('/de-de renders with lang="de"', async ({ page }) => {
    const response = await page.goto('/de-de');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // The country is named in the page's language, in the header and in the footer.
    await expect(page.getByRole('link', { name: 'Land und Sprache: Deutschland, de' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Deutschland (DE) — Ändern' })).toBeVisible();
  });

  test('/stores redirects to /en-us/stores, and bare /en-us is shortened to /', async ({ page }) => {
    await page.goto('/stores');
    await expect(page).toHaveURL(/\/en-us\/stores$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();

    await page.goto('/en-us');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test('links keep the locale as the shopper moves around', async ({ page, isMobile }) => {
    await page.goto('/de-de');
    if (isMobile) {
      await page.getByLabel('Menü', { exact: true }).click();
      const mobile = page.getByRole('navigation', { name: 'Mobiles Menü' });
      await mobile.getByText('Helme', { exact: true }).click();
      await mobile.getByRole('link', { name: /Helme/ }).first().click();
    } else {
      await page
        .getByRole('navigation', { name: 'Hauptnavigation' })
        .getByRole('link', { name: 'Helme', exact: true })
        .click();
    }
    await expect(page).toHaveURL(/\/de-de\/c\/helmets$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Helme' })).toBeVisible();
  });

  test('the home page has no detectable accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expectNoAccessibilityViolations(page);
  });
});

test.describe('error page', () => {
  test('unknown paths give the 404 page with a link home, and no console errors', async ({ page }) => {
    const response = await page.goto('/en-us/this/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found | Piste');
    await page.getByRole('link', { name: 'Return to homepage' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Gear for the whole mountain' })).toBeVisible();
  });

  test('the 404 page has no detectable accessibility violations', async ({ page }) => {
    await page.goto('/en-us/no-such-page');
    await expectNoAccessibilityViolations(page);
  });
});

test.describe('country picker', () => {
  test('choosing a country and language moves the shop there and remembers it', async ({ page }) => {
    await page.goto('/en-us/country');
    await page.getByRole('button', { name: 'Germany, Deutsch' }).click();
    await expect(page).toHaveURL(/\/de-de$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    // The remembered choice wins over another locale in a link.
    await page.goto('/fr-fr/stores');
    await expect(page).toHaveURL(/\/de-de\/stores$/);
  });

  test('is usable with the keyboard alone', async ({ page }) => {
    await page.goto('/en-us/country');
    const canada = page.getByRole('button', { name: 'Canada, Français' });
    await canada.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/fr-ca$/);
  });
});
