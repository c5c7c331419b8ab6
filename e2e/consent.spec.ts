import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { CONSENT_ACCEPT_ALL, CONSENT_ANALYTICS_ONLY, CONSENT_REJECT_ALL, consentToTracking } from './consent';
import { expect, test } from './console-errors';

/** The events in the page's data layer (entries with an `event`), in order. */
function dataLayerEvents(page: Page) {
  return page.evaluate(() =>
    ((window as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
      (entry): entry is { event: string; [field: string]: unknown } =>
        typeof entry === 'object' && entry !== null && typeof (entry as { event?: unknown }).event === 'string',
    ),
  );
}

/**
 * Names of the data layer's page and cart events, in order. List views are left out: they are
 * pushed when a list scrolls into view, which depends on the screen.
 */
async function eventNames(page: Page) {
  return (await dataLayerEvents(page))
    .map((entry) => entry.event)
    .filter((name) => name !== 'gtm.js' && name !== 'view_item_list');
}

/** The consent-mode command the bootstrap queued (`gtag('consent', kind, state)`), as an array. */
function consentCommands(page: Page) {
  return page.evaluate(() =>
    ((window as { dataLayer?: unknown[] }).dataLayer ?? [])
      .filter((entry) => typeof entry === 'object' && entry !== null && (entry as ArrayLike<unknown>)[0] === 'consent')
      .map((entry) => Array.from(entry as ArrayLike<unknown>)),
  );
}

async function consentCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'piste_consent');
}

const banner = (page: Page) => page.getByRole('region', { name: 'We use cookies' });
const tagManagerScript = (page: Page) => page.locator('script[src^="https://www.googletagmanager.com/gtm.js"]');

/** Chooses the first size and adds the product to the cart. */
async function addToCart(page: Page) {
  await page.getByRole('group', { name: 'Size' }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Added to cart');
}

test('nothing is tracked before consent; accepting starts tracking on the page, without a reload', async ({ page }) => {
  await page.goto('/en-us/c/goggles');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Accept all' })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Reject all' })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Choose' })).toBeVisible();

  // Browse a category, open a product and add it: not one event, and no tag manager.
  await page.getByRole('heading', { level: 3 }).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/en-us\/p\//);
  await addToCart(page);
  expect(await eventNames(page)).toEqual([]);
  await expect(tagManagerScript(page)).toHaveCount(0);
  await expect(page.locator('#tag-manager-bootstrap')).toHaveCount(0);

  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect(banner(page)).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Your cookie choice is saved.' })).toBeAttached();
  await expect.poll(async () => (await consentCookie(page))?.value).toBe(CONSENT_ACCEPT_ALL);

  // The container loads now, started by the page's own code (no inline script the policy would
  // refuse: the fixture fails on any refusal); the page's view is the first event.
  await expect(tagManagerScript(page)).toHaveAttribute('src', /[?&]id=GTM-PISTE2E$/);
  await expect.poll(() => eventNames(page)).toEqual(['content-view', 'view_item']);
  expect((await dataLayerEvents(page)).find((entry) => entry.event === 'content-view')).toMatchObject({
    viewName: 'product',
  });
  expect(await consentCommands(page)).toEqual([
    [
      'consent',
      'default',
      { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
    ],
  ]);

  // The add before consent stays unreported; the next one is reported, after GA4's clear.
  await addToCart(page);
  await expect.poll(() => eventNames(page)).toEqual(['content-view', 'view_item', 'add_to_cart']);
  const layer = await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer ?? []);
  const added = layer.findIndex((entry) => (entry as { event?: string } | null)?.event === 'add_to_cart');
  expect(layer[added - 1]).toEqual({ ecommerce: null });
  expect(layer[added]).toMatchObject({ ecommerce: { currency: 'USD', items: [{ quantity: 1 }] } });

  // The next product page, reached in the page, reports its view and its product.
  const related = page.getByRole('region', { name: 'Related Products' });
  const nextTitle = related.getByRole('heading', { level: 3 }).first();
  const nextName = (await nextTitle.textContent())!;
  await nextTitle.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: nextName })).toBeVisible();
  await expect
    .poll(async () => (await dataLayerEvents(page)).filter((entry) => entry.event === 'view_item').at(-1))
    .toMatchObject({ ecommerce: { items: [{ item_name: nextName }] } });
  expect((await dataLayerEvents(page)).filter((entry) => entry.event === 'content-view').at(-1)).toEqual({
    event: 'content-view',
    contentName: nextName,
    viewName: 'product',
  });

  // A full page load renders the container's bootstrap from the server, allowed by its hash.
  await page.goto('/en-us/c/goggles');
  await expect(banner(page)).toBeHidden();
  await expect(page.locator('script#tag-manager-bootstrap')).toHaveCount(1);
  await expect(tagManagerScript(page)).toHaveAttribute('src', /[?&]id=GTM-PISTE2E$/);
  await expect
    .poll(async () => (await dataLayerEvents(page)).map((entry) => entry.event))
    .toEqual(['gtm.js', 'content-view', 'view_item_list']);
  expect((await dataLayerEvents(page))[1]).toEqual({
    event: 'content-view',
    contentName: 'Goggles',
    viewName: 'category',
  });
});

test('rejecting tracks nothing, and the banner stays gone across pages', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Reject all' }).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(async () => (await consentCookie(page))?.value).toBe(CONSENT_REJECT_ALL);

  await page.goto('/en-us/c/goggles');
  await expect(page.getByRole('heading', { level: 1, name: 'Goggles' })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await page.getByRole('heading', { level: 3 }).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/en-us\/p\//);
  await addToCart(page);
  await expect(banner(page)).toBeHidden();
  expect(await eventNames(page)).toEqual([]);
  await expect(tagManagerScript(page)).toHaveCount(0);
});

test('choose with the keyboard: Escape decides nothing, then analytics only', async ({ page }) => {
  await page.goto('/en-us/p/summit-pro-binding');
  // The banner comes first after the skip link, so the question is asked before the page.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  const reject = banner(page).getByRole('button', { name: 'Reject all' });
  await expect(reject).toBeFocused();
  expect(await reject.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Accept all' })).toBeFocused();
  await page.keyboard.press('Tab');
  const choose = banner(page).getByRole('button', { name: 'Choose' });
  await expect(choose).toBeFocused();

  // Escape neither accepts nor closes the banner.
  await page.keyboard.press('Escape');
  await expect(banner(page)).toBeVisible();

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /Necessary/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Necessary/ })).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: 'Analytics', exact: true })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Marketing', exact: true })).not.toBeChecked();
  await expect(dialog.getByText(/Google Tag Manager and Google Analytics 4/)).toBeVisible();
  const results = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual(
    [],
  );

  // Escape cancels the dialog: nothing is stored, the question stands, focus is back on "Choose".
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(banner(page)).toBeVisible();
  await expect(choose).toBeFocused();
  expect(await consentCookie(page)).toBeUndefined();

  await choose.click();
  await dialog.getByRole('checkbox', { name: 'Analytics', exact: true }).check();
  await dialog.getByRole('button', { name: 'Save choices' }).click();
  await expect(dialog).toBeHidden();
  await expect(banner(page)).toBeHidden();
  await expect.poll(async () => (await consentCookie(page))?.value).toBe(CONSENT_ANALYTICS_ONLY);
  await expect(tagManagerScript(page)).toHaveCount(1);
  await expect.poll(() => eventNames(page)).toEqual(['content-view', 'view_item']);
  // Marketing stays off: Google's advertising signals are denied.
  expect(await consentCommands(page)).toEqual([
    [
      'consent',
      'default',
      { analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ],
  ]);
});

test('"Cookie settings" in the footer reopens the choice and changes it', async ({ page }) => {
  await consentToTracking(page);
  await page.goto('/en-us/p/summit-pro-binding');
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => eventNames(page)).toEqual(['content-view', 'view_item']);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
  await expect(dialog.getByRole('checkbox', { name: 'Analytics', exact: true })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Marketing', exact: true })).toBeChecked();
  await dialog.getByRole('button', { name: 'Reject all' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' })).toBeFocused();
  await expect.poll(async () => (await consentCookie(page))?.value).toBe(CONSENT_REJECT_ALL);

  // The loaded container is told, and nothing more is pushed.
  await expect
    .poll(() => consentCommands(page))
    .toContainEqual([
      'consent',
      'update',
      { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);
  await addToCart(page);
  expect(await eventNames(page)).toEqual(['content-view', 'view_item']);
  await expect(banner(page)).toBeHidden();
});

/** A browser without JavaScript, on the project's screen. */
async function pageWithoutJavaScript(
  browser: Browser,
  project: { viewport?: { width: number; height: number } | null },
) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    viewport: project.viewport ?? null,
  });
  return { context, page: await context.newPage() };
}

test('without JavaScript the banner posts a form and comes back to the same page', async ({ browser }) => {
  const { context, page } = await pageWithoutJavaScript(browser, test.info().project.use);
  try {
    await page.goto('/en-us/c/goggles?sort=price-asc');
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await expect(page).toHaveURL(/\/en-us\/c\/goggles\?sort=price-asc$/);
    await expect(banner(page)).toBeHidden();
    await expect.poll(async () => (await consentCookie(page))?.value).toBe(CONSENT_REJECT_ALL);
    await expect(page.locator('#tag-manager-bootstrap')).toHaveCount(0);

    // "Cookie settings" leads to the settings page, which saves and comes back.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cookie settings' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Analytics', exact: true }).check();
    await page.getByRole('button', { name: 'Save choices' }).click();
    await expect(page).toHaveURL(/\/en-us\/c\/goggles\?sort=price-asc$/);
    await expect.poll(async () => (await consentCookie(page))?.value).toBe(CONSENT_ANALYTICS_ONLY);
    // The server renders the container for a visitor who consented.
    await expect(page.locator('#tag-manager-bootstrap')).toHaveCount(1);
  } finally {
    await context.close();
  }
});

test('without JavaScript "Choose" opens the settings page', async ({ browser }) => {
  const { context, page } = await pageWithoutJavaScript(browser, test.info().project.use);
  try {
    await page.goto('/en-us/p/summit-pro-binding');
    await banner(page).getByRole('link', { name: 'Choose' }).click();
    await expect(page).toHaveURL(/\/en-us\/consent\?returnTo=/);
    await expect(page.getByRole('checkbox', { name: 'Marketing', exact: true })).not.toBeChecked();
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect(page).toHaveURL(/\/en-us\/p\/summit-pro-binding$/);
    await expect(banner(page)).toBeHidden();
    await expect.poll(async () => (await consentCookie(page))?.value).toBe(CONSENT_ACCEPT_ALL);
  } finally {
    await context.close();
  }
});

test('the banner leaves the page usable on a phone and passes an accessibility check', async ({ page }) => {
  await page.goto('/en-us/p/summit-pro-binding');
  const box = (await banner(page).boundingBox())!;
  const viewport = page.viewportSize()!;
  // At the bottom, and at most a third of the screen.
  expect(box.y + box.height).toBeCloseTo(viewport.height, 0);
  expect(box.height).toBeLessThanOrEqual(viewport.height / 3);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations
      .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
      .map((violation) => violation.id),
  ).toEqual([]);
});
