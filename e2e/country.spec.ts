import { expect, test } from './console-errors';

test.describe('the country picker', () => {
  test('lists countries by region with their languages, and remembers the choice', async ({ page }) => {
    await page.goto('/en-us/country');
    const main = page.getByRole('main');
    for (const group of ['North America', 'Europe', 'Asia Pacific']) {
      await expect(main.getByRole('heading', { level: 2, name: group })).toBeVisible();
    }
    await main.getByRole('button', { name: 'Germany, Deutsch' }).click();
    await expect(page).toHaveURL(/\/de-de$/);
    // The cookie decides from now on (spec §4), before geolocation and the browser's languages.
    await page.goto('/');
    await expect(page).toHaveURL(/\/de-de$/);
  });
});

test.describe('the country suggestion', () => {
  // The CDN in front says where the visitor is (GEO_COUNTRY_HEADERS=cf-ipcountry in e2e).
  test.use({ extraHTTPHeaders: { 'cf-ipcountry': 'DE' } });

  test('offers the visitor’s own country on a first visit, and takes them to the same page there', async ({ page }) => {
    await page.goto('/en-us/p/summit-pro-binding');
    const banner = page.getByRole('region', { name: 'Country suggestion' });
    await expect(banner).toContainText('It looks like you are in Germany.');
    await banner.getByRole('button', { name: 'Go to Germany' }).click();
    await expect(page).toHaveURL(/\/de-de\/p\/summit-pro-binding$/);
    // Chosen once, never suggested again.
    await page.goto('/en-us/p/summit-pro-binding');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Country suggestion' })).toHaveCount(0);
  });

  test('goes away for good when the visitor stays', async ({ page }) => {
    await page.goto('/en-us/c/helmets');
    const banner = page.getByRole('region', { name: 'Country suggestion' });
    await banner.getByRole('button', { name: 'Stay here' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Country suggestion' })).toHaveCount(0);
  });

  test('suggests nothing to a visitor already in the page’s country', async ({ page }) => {
    await page.goto('/de-de/c/helmets');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Country suggestion' })).toHaveCount(0);
  });
});

test.describe('switching country from a page', () => {
  test('keeps the shopper on the same product in the new country and language', async ({ page }) => {
    await page.goto('/en-us/p/vanta-mips-helmet?colour=oxblood');
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Country and language:/ })
      .click();
    await expect(page).toHaveURL(/\/en-us\/country\?/);
    await page.getByRole('main').getByRole('button', { name: 'Canada, Français' }).click();
    await expect(page).toHaveURL(/\/fr-ca\/p\/vanta-mips-helmet\?colour=oxblood$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vanta MIPS Helmet');
  });

  test('lands on the new country’s home page when the product is not sold there', async ({ page }) => {
    // The Skyline is sold in Europe only (data/seed/catalogue/products-helmets.json).
    await page.goto('/de-de/p/skyline-touring-helmet');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Land und Sprache:/ })
      .click();
    // The picker names countries in the page's language (CLDR), languages in their own.
    await page.getByRole('main').getByRole('button', { name: 'Vereinigte Staaten, English' }).click();
    // Spec §2: "/en-us is shortened to /".
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  });
});
