import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './console-errors';

async function expectNoSeriousAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** The shop's wording in each journey's language (data/seed/content/entries/display_text.json). */
const LOCALES = [
  {
    locale: 'en-us',
    home: '/',
    siteSearch: 'Site search',
    box: 'Search products and articles',
    suggestions: 'Search suggestions',
    colour: 'Colour',
    price: 'Price',
    results: /^(\d+) results? for “(.+)”$/,
    addToCart: 'Add to cart',
  },
  {
    locale: 'de-de',
    home: '/de-de',
    siteSearch: 'Website-Suche',
    box: 'Produkte und Artikel durchsuchen',
    suggestions: 'Suchvorschläge',
    colour: 'Farbe',
    price: 'Preis',
    results: /^(\d+) Ergebnisse? für „(.+)“$/,
    addToCart: 'In den Warenkorb',
  },
] as const;

type Words = (typeof LOCALES)[number];

/** The header's search box; below 1024 px it sits in a panel its button opens. */
async function headerSearchBox(page: Page, words: { siteSearch: string; box: string }, isMobile: boolean) {
  const form = page.getByRole('search', { name: words.siteSearch });
  if (isMobile) {
    const toggle = page.getByRole('button', { name: words.siteSearch });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  // A searchbox until the autocomplete has loaded, a combobox after.
  const box = form.getByRole('searchbox', { name: words.box }).or(form.getByRole('combobox', { name: words.box }));
  if (isMobile) await expect(box).toBeFocused();
  else await box.click();
  return box;
}

async function resultCount(page: Page, words: Words): Promise<number> {
  const heading = page.getByRole('heading', { level: 2, name: words.results });
  await expect(heading).toBeVisible();
  return Number(words.results.exec((await heading.textContent())!.trim())![1]);
}

for (const words of LOCALES) {
  test(`${words.locale}: a misspelled query, a suggestion picked with the keyboard, colour and price filters, then a product`, async ({
    page,
    isMobile,
  }) => {
    // The longest journey of the suite: seven page loads and four searches.
    test.slow();
    await page.goto(words.home);
    const box = await headerSearchBox(page, words, isMobile);
    await box.pressSequentially('gogles', { delay: 40 });

    // ARIA 1.2 combobox: the box owns a listbox of suggestions and products.
    const combobox = page.getByRole('combobox', { name: words.box });
    await expect(combobox).toHaveAttribute('aria-expanded', 'true');
    const listbox = page.getByRole('listbox', { name: words.suggestions });
    const options = listbox.getByRole('option');
    await expect(options.first()).toBeVisible();
    await expect(options.first()).toHaveText(/goggle/i);

    await page.keyboard.press('ArrowDown');
    const first = options.first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(combobox).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    const suggestion = (await first.textContent())!.trim();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(
      new RegExp(`/${words.locale}/search\\?q=${encodeURIComponent(suggestion).replace(/%20/g, '(%20|\\+)')}$`),
    );
    await expect(listbox).toBeHidden();
    const all = await resultCount(page, words);
    expect(all).toBeGreaterThan(1);

    // Narrow screens fold the filters behind a toggle.
    if (isMobile) await page.getByRole('button', { name: /^(Filter and sort|Filtern und sortieren)/ }).click();

    // A colour: its count is what the list then holds.
    const colours = page.getByRole('group', { name: words.colour });
    const colour = colours.getByRole('checkbox').first();
    const colourLabel = (await colours.locator('label').first().textContent())!;
    const colourCount = Number(/\((\d+)\)\s*$/.exec(colourLabel)![1]);
    await colour.check();
    await expect(page).toHaveURL(/colour=/);
    await expect.poll(() => resultCount(page, words)).toBe(colourCount);
    expect(colourCount).toBeLessThan(all);

    // A price band: counted with the colour chosen, so again the list then holds its count.
    const prices = page.getByRole('group', { name: words.price });
    const band = prices.getByRole('link').first();
    const bandCount = Number(/\((\d+)\)\s*$/.exec((await band.textContent())!)![1]);
    await band.click();
    await expect(page).toHaveURL(/(min|max)=\d+/);
    await expect(page).toHaveURL(/colour=/);
    await expect(prices.locator('a[aria-current="true"]')).toHaveCount(1);
    await expect.poll(() => resultCount(page, words)).toBe(bandCount);

    // A result opens its product page, and the click is reported as a result click.
    const click = page.waitForRequest((request) => request.url().endsWith('/click.json'));
    await page.getByRole('main').getByRole('heading', { level: 3 }).first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/${words.locale}/p/[a-z0-9-]+`));
    await expect(page.getByRole('button', { name: words.addToCart })).toBeVisible();
    expect((await click).postDataJSON()).toMatchObject({
      query: suggestion,
      tags: expect.arrayContaining(['results']),
    });
  });
}

test('a product chosen in the header opens its page and is reported as an autocomplete click', async ({
  page,
  isMobile,
}) => {
  await page.goto('/');
  const box = await headerSearchBox(page, LOCALES[0], isMobile);
  await box.pressSequentially('helmet', { delay: 40 });
  const products = page.getByRole('group', { name: 'Products' }).getByRole('option');
  await expect(products.first()).toBeVisible();
  await expect(products.first()).toContainText(/\$\d+\.\d{2}/);
  const title = /^(.+?)\$\d/.exec((await products.first().textContent())!)![1]!.trim();

  const click = page.waitForRequest((request) => request.url().endsWith('/click.json'));
  await products.first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect((await click).postDataJSON()).toMatchObject({
    query: 'helmet',
    tags: expect.arrayContaining(['autocomplete']),
  });
});

test('Escape closes the suggestions, and the last option searches for what was typed', async ({ page, isMobile }) => {
  await page.goto('/en-us/stores');
  const box = await headerSearchBox(page, LOCALES[0], isMobile);
  await box.pressSequentially('lens', { delay: 40 });
  const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(listbox.getByRole('option').first()).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Search products and articles' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  await page.keyboard.press('ArrowDown');
  await expect(listbox).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(listbox.getByRole('option').last()).toHaveText('See all results for “lens”');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en-us\/search\?q=lens$/);
});

test('a query with no products offers a respelling, and one with nothing at all suggests popular searches', async ({
  page,
}) => {
  await page.goto('/en-us/search?q=snowbord');
  await expect(page.getByRole('heading', { level: 2, name: 'No products for “snowbord”' })).toBeVisible();
  await page.getByText('Did you mean').getByRole('link', { name: 'snowboard' }).click();
  await expect(page).toHaveURL(/\/en-us\/search\?q=snowboard$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Pages and articles' })).toBeVisible();

  await page.goto('/en-us/search?q=xqzzy');
  await expect(page).toHaveTitle('Search results for “xqzzy” | Piste');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { level: 2, name: 'No results for “xqzzy”' })).toBeVisible();
  // Popular searches come from clicks (other journeys add some), or the catalogue's categories.
  const popular = page.getByRole('region', { name: 'Popular searches' }).getByRole('link');
  await expect(popular.first()).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: 'Goggles' })).toBeVisible();
  await expect(main.getByRole('navigation', { name: 'Explore' }).getByRole('link').first()).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  const term = (await popular.first().textContent())!;
  await popular.first().click();
  await expect(page).toHaveURL(new RegExp(`/en-us/search\\?q=${encodeURIComponent(term).replace(/%20/g, '\\+')}$`));
});

test('popular searches keep all their terms once a shopper has picked a product in the suggestions', async ({
  page,
  isMobile,
}) => {
  // In Italian: clicks count per language, and no other journey searches in it.
  await page.goto('/it-it/search');
  const popular = page.getByRole('region', { name: 'Ricerche popolari' }).getByRole('link');
  await expect(popular.first()).toBeVisible();
  const before = await popular.allTextContents();
  expect(before.length).toBeGreaterThan(1);

  const box = await headerSearchBox(
    page,
    { siteSearch: 'Ricerca nel sito', box: 'Cerca prodotti e articoli' },
    isMobile,
  );
  await box.pressSequentially('helmet', { delay: 40 });
  const products = page.getByRole('group', { name: 'Prodotti' }).getByRole('option');
  const click = page.waitForResponse((response) => response.url().endsWith('/click.json'));
  await products.first().click();
  expect((await click).ok()).toBe(true);

  // A query with no results offers the popular searches too (and is not the page kept above).
  await page.goto('/it-it/search?q=xqzzy');
  await expect(popular.first()).toBeVisible();
  const after = await popular.allTextContents();
  expect(after).toContain('helmet');
  expect(after).toEqual(expect.arrayContaining(before.filter((term) => term !== 'helmet').slice(0, 5)));
});

test('the search page opens with its box focused, and never scrolls sideways', async ({ page }) => {
  await page.goto('/en-us/search');
  await expect(page.getByRole('main').getByRole('searchbox', { name: 'Search products and articles' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Popular searches' })).toBeVisible();

  await page.goto('/en-us/search?q=goggles&page=2');
  await expect(page.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search and filter forms submit as plain GET forms', async ({ page, isMobile }) => {
    await page.goto('/en-us/stores');
    if (isMobile) {
      // The header's icon is a link to the search page.
      await page.getByRole('link', { name: 'Site search' }).click();
      await expect(page).toHaveURL(/\/en-us\/search$/);
    }
    const form = isMobile
      ? page.getByRole('main').getByRole('search')
      : page.getByRole('search', { name: 'Site search' });
    await form.getByRole('searchbox', { name: 'Search products and articles' }).fill('goggles');
    await form.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/en-us\/search\?q=goggles$/);
    const heading = page.getByRole('heading', { level: 2, name: /^\d+ results for “goggles”$/ });
    await expect(heading).toBeVisible();
    const before = await heading.textContent();

    const filters = page.getByRole('form', { name: 'Filter and sort' });
    await filters.getByRole('group', { name: 'Colour' }).getByRole('checkbox').first().check();
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]colour=/);
    await expect(page.getByRole('heading', { level: 2, name: /results? for “goggles”$/ })).not.toHaveText(before!);
  });
});
