import { expect, test } from './console-errors';

/**
 * A page's scripts wait for its largest image (docs/decisions/029-h): a phone's connection
 * brings that image first, then the scripts, and the page hydrates as before.
 */
test('the product page asks for its scripts once its largest image has loaded, then runs as an app', async ({
  page,
}) => {
  const events: { kind: 'asked' | 'loaded'; url: string }[] = [];
  page.on('request', (request) => events.push({ kind: 'asked', url: request.url() }));
  page.on('requestfinished', (request) => events.push({ kind: 'loaded', url: request.url() }));

  await page.goto('/en-us/p/summit-pro-binding');
  const largestImage = page.locator('img[fetchpriority="high"]');
  await expect(largestImage).toHaveCount(1);
  await expect.poll(() => largestImage.evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
  const imageUrl = await largestImage.evaluate((image: HTMLImageElement) => image.currentSrc);
  await expect
    .poll(() =>
      page.evaluate(() => typeof (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules),
    )
    .toBe('object');

  const imageLoaded = events.findIndex((event) => event.kind === 'loaded' && event.url === imageUrl);
  const firstScript = events.findIndex(
    (event) => event.kind === 'asked' && /\/(assets|display-texts)\/.+\.js$/.test(event.url),
  );
  expect(imageLoaded, `${imageUrl} loaded`).toBeGreaterThan(-1);
  expect(firstScript, 'a script asked for').toBeGreaterThan(imageLoaded);

  // Hydrated: a link now navigates inside the page, which keeps its window.
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Country and language:/ })
    .click();
  await expect(page).toHaveURL(/\/en-us\/country\?/);
  await expect(page.getByRole('main').getByRole('button', { name: 'Canada, Français' })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('a page without a high-priority image starts its scripts at once', async ({ page }) => {
  await page.goto('/en-us/cart');
  await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() => typeof (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules),
    )
    .toBe('object');
});
