import type { BrowserContext, Page } from '@playwright/test';
import { CONSENT_REJECT_ALL, consentToTracking } from './consent';
import { expect, test } from './console-errors';

const PRODUCT = '/en-us/p/summit-pro-binding';

/** Share pages never reach the internet: every other host answers with a stub page. */
async function stubShareSites(context: BrowserContext) {
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Share</title>' }),
  );
}

/** The page's canonical URL, as the share button shares it. */
async function canonicalUrl(page: Page): Promise<string> {
  const canonical = page.locator('link[rel="canonical"]');
  if ((await canonical.count()) > 0) return (await canonical.first().evaluate((link: HTMLLinkElement) => link.href))!;
  const url = new URL(page.url());
  return `${url.origin}${url.pathname}`;
}

test.beforeEach(async ({ page, context }) => {
  await consentToTracking(page, CONSENT_REJECT_ALL);
  await stubShareSites(context);
});

test('share a product from the keyboard: a popup per network, the second closing the first, and copy link', async ({
  page,
  context,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'popups and keyboard menus on desktop');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`${PRODUCT}?colour=black`);
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  const shared = await canonicalUrl(page);
  expect(shared).not.toContain('colour=');

  const toggle = page.getByRole('button', { name: 'Share', exact: true });
  await toggle.focus();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const facebook = page.getByRole('button', { name: 'Facebook' });
  await expect(facebook).toBeFocused();
  // Arrow keys walk the list; Escape closes it and returns to the button.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('button', { name: 'X (Twitter)' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(facebook).toBeFocused();
  const [facebookPopup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
  expect(facebookPopup.url()).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(shared)}`);
  expect(await facebookPopup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([626, 436]);
  await expect(toggle).toBeFocused();

  // A second share closes the first popup.
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Reddit' }).focus();
  const [redditPopup] = await Promise.all([
    page.waitForEvent('popup'),
    facebookPopup.waitForEvent('close'),
    page.keyboard.press('Enter'),
  ]);
  const reddit = new URL(redditPopup.url());
  expect(`${reddit.origin}${reddit.pathname}`).toBe('https://www.reddit.com/submit');
  expect(reddit.searchParams.get('url')).toBe(shared);
  expect(reddit.searchParams.get('title')).toBe(title);
  expect(facebookPopup.isClosed()).toBe(true);
  await redditPopup.close();

  await toggle.click();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shared);
});

test('Pinterest pins the product’s main image', async ({ page }) => {
  test.skip(test.info().project.name !== 'desktop', 'popups on desktop');
  await page.goto(PRODUCT);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Pinterest' }).click(),
  ]);
  // An absolute URL on the shop's public origin (the canonical URL's), which the shop serves.
  const media = new URL(new URL(popup.url()).searchParams.get('media')!);
  expect(media.origin).toBe(new URL(await canonicalUrl(page)).origin);
  expect(media.pathname).toMatch(/^\/media\/i\//);
  expect((await page.request.get(`${media.pathname}${media.search}`)).status()).toBe(200);
  await popup.close();
});

test('a phone without the Web Share API gets the list of networks', async ({ page }) => {
  test.skip(test.info().project.name !== 'mobile', 'the phone layout');
  await page.goto(PRODUCT);
  const hasWebShare = await page.evaluate(() => typeof navigator.share === 'function');
  const toggle = page.getByRole('button', { name: 'Share', exact: true });
  test.skip(hasWebShare, 'this Chromium has Web Share: the native sheet opens instead');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'WhatsApp' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'WhatsApp' })).toBeHidden();
});

test('a blog post shares its own address and title', async ({ page }) => {
  test.skip(test.info().project.name !== 'desktop', 'popups on desktop');
  await page.goto('/en-us/blog/p/how-to-choose-binding-stiffness');
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Telegram' }).click(),
  ]);
  const telegram = new URL(popup.url());
  expect(telegram.searchParams.get('url')).toBe(await canonicalUrl(page));
  expect(telegram.searchParams.get('url')).toMatch(/\/en-us\/blog\/p\/how-to-choose-binding-stiffness$/);
  expect(telegram.searchParams.get('text')).toBe(title);
  await popup.close();
});
