import type { Page } from '@playwright/test';
import { expect, test } from './console-errors';

/** Every JSON-LD document of the page, parsed (a syntax error fails the test). */
async function structuredData(page: Page): Promise<Array<Record<string, unknown>>> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

async function documentOfType(page: Page, type: string) {
  const documents = await structuredData(page);
  const found = documents.filter((document) => document['@type'] === type);
  expect(found, `one ${type} document`).toHaveLength(1);
  expect(found[0]!['@context']).toBe('https://schema.org');
  return found[0]!;
}

function expectBreadcrumbs(list: Record<string, unknown>, names: string[]) {
  const items = list.itemListElement as Array<{ position: number; name: string; item: string }>;
  expect(items.map((item) => item.position)).toEqual(names.map((_, index) => index + 1));
  expect(items.map((item) => item.name)).toEqual(names);
  for (const item of items) expect(item.item).toMatch(/^https?:\/\//);
}

test('the home page describes the shop as an Organization', async ({ page }) => {
  await page.goto('/');
  const organization = await documentOfType(page, 'Organization');
  expect(organization).toMatchObject({ name: 'Piste', url: expect.stringMatching(/^https?:\/\/[^/]+\/$/) });
  expect(organization.logo).toMatch(/^https?:\/\/.+\/favicon\.svg$/);
  expect(organization.sameAs).toContain('https://www.instagram.com/pistegear');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/$/);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveCount(1);
});

test('a product in Germany offers it in euros, with its stock and breadcrumbs', async ({ page }) => {
  await page.goto('/de-de/p/vanta-mips-helmet');
  const product = await documentOfType(page, 'Product');
  expect(product.name).toBe('Vanta MIPS Helmet');
  expect(product.url).toMatch(/\/de-de\/p\/vanta-mips-helmet$/);
  expect((product.image as string[])[0]).toMatch(/^https?:\/\//);
  const offers = product.offers as Record<string, unknown>;
  expect(offers.priceCurrency).toBe('EUR');
  expect(typeof (offers.price ?? offers.lowPrice)).toBe('number');
  expect(offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|LimitedAvailability|OutOfStock)$/);
  expectBreadcrumbs(await documentOfType(page, 'BreadcrumbList'), [
    'Piste',
    'Ski- und Snowboardhelme',
    'MIPS-Helme',
    'Vanta MIPS Helmet',
  ]);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
});

test('a product in the US offers it in dollars', async ({ page }) => {
  await page.goto('/en-us/p/vanta-mips-helmet');
  const offers = (await documentOfType(page, 'Product')).offers as Record<string, unknown>;
  expect(offers.priceCurrency).toBe('USD');
});

test('a category lists its breadcrumbs', async ({ page }) => {
  await page.goto('/en-us/c/goggles/spherical');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const list = await documentOfType(page, 'BreadcrumbList');
  const items = list.itemListElement as Array<{ name: string }>;
  expect(items).toHaveLength(3);
  expectBreadcrumbs(list, ['Piste', items[1]!.name, items[2]!.name]);
});

test('a blog post is a BlogPosting with its headline and date', async ({ page }) => {
  await page.goto('/en-us/blog/p/first-tracks-in-hokkaido');
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  const article = await documentOfType(page, 'BlogPosting');
  expect(article.headline).toBe(heading?.trim());
  expect(article.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}/);
  expect(article.author).toMatchObject({ name: expect.any(String) });
});

test.describe('CMS redirects', () => {
  test('a visit to a moved page lands on its target', async ({ page }) => {
    await page.goto('/de-de/c/snow-goggles');
    await expect(page).toHaveURL(/\/de-de\/c\/goggles$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a link to a moved page, followed in the browser, lands on its target without a reload', async ({ page }) => {
    await page.goto('/en-us/blog');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    // What a <Link> click does: a client navigation, whose data request the server redirects.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate('/en-us/park-2024'),
    );
    await expect(page).toHaveURL(/\/en-us\/l\/park-season$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test('a clicked link to a moved blog post lands on the post', async ({ page, baseURL }) => {
    // An old link on another site: a plain document load, not one of the shop's own links.
    await page.setContent(`<a href="${baseURL}/en-us/blog/p/binding-stiffness-explained">Old stiffness guide</a>`);
    await page.getByRole('link', { name: 'Old stiffness guide' }).click();
    await expect(page).toHaveURL(/\/en-us\/blog\/p\/how-to-choose-binding-stiffness$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a client navigation to a page that moved to another site loads that site', async ({ page }) => {
    await page.route('https://www.instagram.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Instagram</title><h1>pistegear</h1>' }),
    );
    await page.goto('/en-us/blog');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate('/en-us/instagram'),
    );
    await expect(page).toHaveURL('https://www.instagram.com/pistegear');
    await expect(page.getByRole('heading', { name: 'pistegear' })).toBeVisible();
  });
});
