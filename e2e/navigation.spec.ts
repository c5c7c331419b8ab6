import type { Page, Request } from '@playwright/test';
import { CONSENT_REJECT_ALL, consentToTracking } from './consent';
import { expect, test } from './console-errors';

const CATEGORY = '/en-us/c/bindings';

test.beforeEach(async ({ page }) => {
  await consentToTracking(page, CONSENT_REJECT_ALL);
});

/** A route data request: React Router's single-fetch `.data` URLs. */
const isRouteData = (request: Request) => new URL(request.url()).pathname.endsWith('.data');

async function nextFrame(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test('scrolling a category prefetches its products’ data, never more than 4 at once', async ({ page }) => {
  let outstanding = 0;
  let most = 0;
  const prefetched = new Set<string>();
  page.on('request', (request) => {
    if (!isRouteData(request)) return;
    prefetched.add(request.url());
    outstanding += 1;
    most = Math.max(most, outstanding);
  });
  const settled = (request: Request) => {
    if (isRouteData(request)) outstanding -= 1;
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);

  await page.goto(CATEGORY);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Prefetching starts once the page has loaded and gone idle: the header's links come first,
  // and hold the 4 slots until they finish (a card scrolled past before a slot frees is skipped).
  await expect.poll(() => prefetched.size).toBeGreaterThan(0);
  await expect.poll(() => outstanding, { timeout: 30_000 }).toBe(0);
  // Scroll a screen at a time to the end of the page, so every card comes into view.
  for (let step = 0; step < 40; step += 1) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await nextFrame(page);
    if (atEnd) break;
  }
  await expect.poll(() => prefetched.size).toBeGreaterThan(4);
  // Prefetches are the browser's lowest priority, and the server answers them slowly under load.
  await expect.poll(() => outstanding, { timeout: 30_000 }).toBe(0);
  expect(most).toBeGreaterThan(0);
  expect(most).toBeLessThanOrEqual(4);
  expect([...prefetched].some((url) => url.includes('/en-us/p/'))).toBe(true);
});

test.describe('a route whose script fails to load', () => {
  test.describe.configure({ mode: 'serial' });

  /** Blocks the product route's module (as after a deploy removed it) and returns its path. */
  async function blockProductRoute(page: Page): Promise<string> {
    await page.goto(CATEGORY);
    const productModule = await page.evaluate(
      () =>
        (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } })
          .__reactRouterManifest.routes['routes/product']!.module,
    );
    await page.route(
      (url) => url.pathname === productModule,
      (route) => route.abort(),
    );
    return productModule;
  }

  /** The failed loads and React Router's reports of them are this test's point, not page errors. */
  function acceptBlockedModule(consoleErrors: string[], productModule: string) {
    const expected = [productModule, 'Error loading route module', 'dynamically imported module', 'ChunkLoadFailure'];
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((error) => !expected.some((text) => error.includes(text))),
    );
  }

  test('following a link to it loads the target page in full; a second failure within 10 s shows the error page', async ({
    page,
    consoleErrors,
  }) => {
    test.skip(test.info().project.name !== 'desktop', 'one browser is enough for the recovery');
    const productModule = await blockProductRoute(page);
    await page.goto(CATEGORY);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const link = page.getByRole('heading', { level: 3 }).first().getByRole('link');
    const href = (await link.getAttribute('href'))!;
    await link.click();

    await expect(page).toHaveURL(href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    // A full page load: the category's document (and its marker) is gone.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();

    // Within the 10-second guard the same failure does not reload again: the error page shows.
    await page.goto(CATEGORY);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('heading', { level: 3 }).first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Something Broke' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${CATEGORY}$`));
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    acceptBlockedModule(consoleErrors, productModule);
  });
});

test('the server names its build for the hourly check, uncached', async ({ page }) => {
  const response = await page.request.get('/builds/latest.json');
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('no-store');
  const { id } = (await response.json()) as { id: string };
  await page.goto('/');
  const pageBuild = await page.evaluate(
    () => (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version,
  );
  expect(id).toBe(pageBuild);
});
