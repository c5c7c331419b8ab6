import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './console-errors';

/** The dealer cards, in list order. */
const storeCards = (page: Page) => page.getByRole('main').getByRole('article');
const cardTitles = (page: Page) => storeCards(page).getByRole('heading', { level: 3 });

async function searchFor(page: Page, place: string) {
  await page.getByLabel('Search by city or postcode').fill(place);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test('a search by town finds the dealer there, with its address and links', async ({ page }) => {
  // Innsbruck is a European dealer: en-gb shows the eu region's dealers in English.
  await page.goto('/en-gb/stores');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();
  await searchFor(page, 'innsbruck');
  await expect(page).toHaveURL(/\/en-gb\/stores\?q=innsbruck$/);
  // The dealer in the town comes first, then the others near it.
  await expect(cardTitles(page).first()).toHaveText('Nordkette Boardsport');
  const card = storeCards(page).first();
  await expect(card.getByText('6020 Innsbruck')).toBeVisible();
  await expect(card.getByRole('link', { name: '+43 512 205 418' })).toHaveAttribute('href', 'tel:+43512205418');
  const directions = card.getByRole('link', { name: /^Directions/ });
  await expect(directions).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
  await expect(directions).toHaveAttribute('target', '_blank');
  await expect(directions).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(card.getByRole('link', { name: /^Visit website/ })).toHaveAttribute(
    'href',
    'https://www.nordkette-boardsport.at/',
  );
  await expect(card.getByRole('list', { name: 'Services' }).getByRole('listitem').first()).toBeVisible();
});

test('a search by postcode finds the dealer there', async ({ page }) => {
  await page.goto('/en-us/stores');
  await searchFor(page, '80202');
  // No other dealer is within 400 km of Denver.
  await expect(cardTitles(page)).toHaveText(['Front Range Snow Co.']);
  await expect(page.getByText('1 store · nearest first', { exact: true })).toBeVisible();
});

test('a position in the URL lists the nearest dealer first, with its distance', async ({ page }) => {
  await page.goto('/en-gb/stores?lat=47.26&lng=11.39');
  await expect(page.getByRole('heading', { level: 2, name: 'Near me' })).toBeVisible();
  await expect(cardTitles(page).first()).toHaveText('Nordkette Boardsport');
  // The UK reads distances in miles.
  await expect(
    storeCards(page)
      .first()
      .getByText(/^Distance: \d+(\.\d)? mi$/),
  ).toBeVisible();
});

test('a position the page cannot read is ignored with a message', async ({ page }) => {
  await page.goto('/en-us/stores?lat=91&lng=nope');
  await expect(page.getByRole('status').filter({ hasText: 'That location could not be read' })).toBeVisible();
  await expect(storeCards(page).first()).toBeVisible();
});

test('a postcode without a dealer lists the dealers near it, nearest first, with their distance', async ({ page }) => {
  // 84101 is downtown Salt Lake City; the dealer there has another postcode (84106).
  await page.goto('/en-us/stores');
  await searchFor(page, '84101');
  await expect(page.getByRole('heading', { level: 2, name: 'Stores near “84101”' })).toBeVisible();
  await expect(cardTitles(page)).toHaveText(['Wasatch Board Works']);
  await expect(
    storeCards(page)
      .first()
      .getByText(/^Distance: \d+(\.\d)? mi$/),
  ).toBeVisible();
});

test('a town without a dealer lists the nearest dealers in kilometres in Europe', async ({ page }) => {
  // Salzburg has no dealer: München (about 120 km) comes before Innsbruck (about 150 km).
  await page.goto('/de-de/stores?q=Salzburg');
  await expect(cardTitles(page).first()).toHaveText('Isar Boardsport');
  await expect(cardTitles(page).nth(1)).toHaveText('Nordkette Boardsport');
  await expect(
    storeCards(page)
      .first()
      .getByText(/^Entfernung: \d+ km$/),
  ).toBeVisible();
});

test('a search with no match says so and offers every dealer', async ({ page }) => {
  await page.goto('/en-us/stores');
  await searchFor(page, 'Qwertzville');
  await expect(page.getByRole('heading', { level: 2, name: 'No stores near “Qwertzville”' })).toBeVisible();
  await expect(page.getByText('We could not find that place.')).toBeVisible();
  await expect(storeCards(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Show all stores' }).click();
  await expect(page).toHaveURL(/\/stores$/);
  await expect(storeCards(page).first()).toBeVisible();
});

test.describe('with the shopper sharing their position', () => {
  // Denver, Colorado.
  test.use({ geolocation: { latitude: 39.7392, longitude: -104.9903 }, permissions: ['geolocation'] });

  test('"Use my location" lists the nearest dealers first', async ({ page }) => {
    await page.goto('/en-us/stores');
    await page.getByRole('button', { name: 'Use my location' }).click();
    // Two decimals: enough to rank dealers, without the shopper's exact position in the URL.
    await expect(page).toHaveURL(/\?lat=39\.74&lng=-104\.99$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Near me' })).toBeVisible();
    await expect(cardTitles(page).first()).toHaveText('Front Range Snow Co.');
    await expect(
      storeCards(page)
        .first()
        .getByText(/^Distance: \d+(\.\d)? mi$/),
    ).toBeVisible();
  });
});

test('"Use my location" explains itself when the browser keeps the position to itself', async ({ page }) => {
  // No geolocation permission in this context: the browser refuses.
  await page.goto('/en-us/stores');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Location access is turned off' })).toBeVisible();
  await expect(page).toHaveURL(/\/stores$/);
});

test('the style tile shows content banners and a hotspot image whose markers open', async ({ page }) => {
  await page.goto('/en-us/styletile');
  await expect(
    page.getByRole('region', { name: 'Banners' }).getByRole('heading', { name: 'See every ripple in the snow' }),
  ).toBeVisible();
  const hotspots = page.getByRole('region', { name: 'Hotspot image' });
  const marker = hotspots.getByRole('button', { name: /^Show / }).first();
  await expect(marker).toBeVisible();
  await marker.click();
  await expect(hotspots.getByRole('button', { name: /^Hide / })).toBeVisible();
});

test('the stores page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/en-us/stores');
  await expect(storeCards(page).first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});
