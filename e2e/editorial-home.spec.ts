import type { Page } from '@playwright/test';
import { CONSENT_REJECT_ALL, consentToTracking } from './consent';
import { expect, test } from './console-errors';

/**
 * The editorial and home page rules, as a shopper sees them at 390 and 1440 px: the
 * hotspot takeover, banner icons, skeletons while a slider loads, copy that states a shipping
 * rule, the video banner's poster, headings that never break inside a word, and the cookie
 * settings page.
 */

// A decided visitor: the consent banner does not cover what these journeys look at.
test.beforeEach(({ page }) => consentToTracking(page, CONSENT_REJECT_ALL));

test('the active hotspot takes over the whole image with a close control, at every size', async ({ page }) => {
  await page.goto('/');
  const helmet = page.getByRole('button', { name: 'Show Kestrel MIPS Helmet' });
  await helmet.scrollIntoViewIfNeeded();
  await helmet.click();

  // Spec §4: "The active one opens a full takeover popup with a close control."
  const popup = page.getByRole('dialog', { name: 'Kestrel MIPS Helmet' });
  await expect(popup).toBeVisible();
  const image = page.getByRole('img', { name: /glacier basin/ });
  const [popupBox, imageBox] = [await popup.boundingBox(), await image.boundingBox()];
  expect(popupBox).not.toBeNull();
  expect(imageBox).not.toBeNull();
  expect(Math.round(popupBox!.width)).toBe(Math.round(imageBox!.width));
  expect(Math.round(popupBox!.height)).toBe(Math.round(imageBox!.height));

  // Focus moves into the popup; Escape closes it and gives focus back to the hotspot.
  const close = popup.getByRole('button', { name: 'Close' });
  await expect(close).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(helmet).toBeFocused();

  // The close control closes it too; the other markers wait under the takeover, out of reach.
  await helmet.click();
  await expect(page.getByRole('button', { name: 'Show Couloir Carbon Binding' })).toHaveAttribute('inert', '');
  await close.click();
  await expect(popup).toBeHidden();
  await expect(helmet).toBeFocused();
  await page.getByRole('button', { name: 'Show Couloir Carbon Binding' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'Couloir Carbon Binding' })).toBeVisible();
});

test('banners show the best seller, new and coming soon icons their content asks for', async ({ page }) => {
  const icon = (name: string) =>
    page
      .getByRole('main')
      .locator('p', { hasText: name })
      .filter({ has: page.locator('svg') });
  await page.goto('/');
  await expect(icon('Best seller')).toBeVisible();
  await expect(icon('New')).toBeVisible();

  await page.goto('/de-de');
  await expect(icon('Bestseller')).toBeVisible();
  await expect(icon('Neu')).toBeVisible();

  await page.goto('/en-us/l/backcountry-kit');
  await expect(icon('Coming soon')).toBeVisible();
});

test('a slider shows skeleton cards in its own place while its products load', async ({ page }) => {
  // The 404 page's recommendations load after hydration: hold them until the skeletons are seen.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/error-page-content*', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/en-us/no-such-trail');
  const loading = page.locator('section[aria-busy="true"]');
  await expect(loading).toBeVisible();
  const skeletons = loading.getByText('Loading', { exact: true });
  // Spec §9: "Grid skeleton shows 6 items (4 in a slider)", each showing 'Loading' for name and price.
  await expect(skeletons).toHaveCount(1 + 4 * 2);
  const skeletonCard = (await loading.locator('li').first().boundingBox())!;

  release();
  const slider = page.getByRole('group', { name: 'You might like' }).last();
  await expect(slider.getByRole('article').first()).toBeVisible();
  await expect(loading).toHaveCount(0);
  // The loaded cards take the skeletons' width: 1, 2 or 4 per view, as the slider shows them.
  const card = (await slider.getByRole('listitem').first().boundingBox())!;
  expect(Math.round(card.width)).toBe(Math.round(skeletonCard.width));
});

/** The EU's free-shipping threshold as the shipping rules say (spec §3 'Shipping method'). */
async function euFreeShippingThreshold(page: Page): Promise<number> {
  const headers = { 'x-bc-region': 'eu_region_1' };
  const zones = (await (await page.request.get('/api/shippingzones', { headers })).json()) as {
    data: Array<{ id: number }>;
  };
  const minimums: number[] = [];
  for (const zone of zones.data) {
    const methods = (await (await page.request.get(`/api/shippingmethods/${zone.id}`, { headers })).json()) as {
      data: Array<{ type: string; settings: { carrier_options?: { minimum_sub_total: number } } }>;
    };
    for (const method of methods.data) {
      if (method.type === 'freeshipping') minimums.push(method.settings.carrier_options!.minimum_sub_total);
    }
  }
  return Math.min(...minimums);
}

test('the home and shipping pages state the free-shipping threshold the shipping rules apply', async ({ page }) => {
  const threshold = await euFreeShippingThreshold(page);
  await page.goto('/');
  await expect(page.getByText(`€${threshold} in the EU`)).toBeVisible();
  await page.goto('/de-de');
  await expect(page.getByText(`${threshold} € in der EU`)).toBeVisible();
  // The shipping page states each region's threshold from the same rules.
  await page.goto('/en-us/shipping-returns');
  await expect(page.getByText(`free on orders over €${threshold}`)).toBeVisible();
  await page.goto('/de-de');
  // The German description names the German shop's own threshold.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    new RegExp(`ab ${threshold}\\s€\\.$`),
  );
});

test('the video banner has its poster from the media service before the video plays', async ({ page }) => {
  await page.goto('/');
  const video = page.locator('video').first();
  // Spec §7 'Media service': "Video poster requested at 15x15 jpg".
  await expect(video).toHaveAttribute('poster', '/media/i/piste/video-snowfall?w=15&h=15&fmt=jpg');
  const poster = await page.request.get((await video.getAttribute('poster'))!);
  expect(poster.status()).toBe(200);
  expect(poster.headers()['content-type']).toBe('image/jpeg');
});

/** Heading lines that end inside a word: the two letters either side of each such break. */
function midWordBreaks(page: Page) {
  return page.evaluate(() => {
    const breaks: string[] = [];
    for (const heading of Array.from(document.querySelectorAll('h1, h2, h3, h4'))) {
      if (!heading.checkVisibility()) continue;
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      let previous: { top: number; height: number; char: string } | null = null;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let index = 0; index < text.length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getClientRects()[0];
          if (!rect) continue;
          const char = text[index]!;
          const newLine = previous !== null && rect.top > previous.top + previous.height / 2;
          if (newLine && /[\p{L}\p{N}]/u.test(char) && /[\p{L}\p{N}]/u.test(previous!.char)) {
            breaks.push(`${heading.textContent?.trim()}: ${previous!.char}/${char}`);
          }
          previous = { top: rect.top, height: rect.height, char };
        }
      }
    }
    return breaks;
  });
}

test('headings never break inside a word, in any language', async ({ page }) => {
  for (const path of ['/', '/de-de', '/fr-ca', '/en-ca']) {
    await page.goto(path);
    expect(await midWordBreaks(page), path).toEqual([]);
    // A word that cannot fit is hyphenated in the page's language, never cut anywhere.
    const heading = page.getByRole('heading', { level: 2 }).first();
    expect(await heading.evaluate((element) => getComputedStyle(element).hyphens)).toBe('auto');
    expect(await heading.evaluate((element) => getComputedStyle(element).textWrap)).toBe('balance');
    await expect(page.locator('html')).toHaveAttribute('lang', path === '/' ? 'en' : path.slice(1, 3));
  }
  // A Swedish page shows the English copy (no Swedish content): it is marked English, so it is
  // hyphenated as English.
  await page.goto('/sv-se');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await expect(
    page.getByRole('heading', { level: 2, name: 'See every ripple in the snow' }).locator('xpath=..'),
  ).toHaveAttribute('lang', 'en');
});

test('the cookie settings page points to the footer link that is there', async ({ page }) => {
  // e2e runs with a tag manager: there is a choice to make, and the footer offers it on every page.
  await page.goto('/en-us/consent');
  await expect(page.getByText('from “Cookie settings” at the foot of every page')).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' })).toBeVisible();
});
