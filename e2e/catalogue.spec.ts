import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { consentToTracking } from './consent';
import { expect, test } from './console-errors';

async function expectNoSeriousAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test('browse a category, filter and sort, open a product, switch colour, choose a size and add it', async ({
  page,
}) => {
  await page.goto('/en-us/c/goggles');
  await expect(page.getByRole('heading', { level: 1, name: 'Goggles' })).toBeVisible();
  await expect(page.getByText('26 products')).toBeVisible();

  // Narrow screens fold the filters behind a toggle; wide ones show them beside the grid.
  const filterToggle = page.getByRole('button', { name: /^Filter and sort/ });
  if (test.info().project.name === 'mobile') {
    await expect(page.getByLabel('Sort by')).toBeHidden();
    await filterToggle.click();
    await expect(filterToggle).toHaveAttribute('aria-expanded', 'true');
  } else {
    await expect(filterToggle).toBeHidden();
  }

  await page
    .getByRole('group', { name: 'Size' })
    .getByLabel(/One Size/)
    .check();
  await expect(page).toHaveURL(/size=One\+Size/);
  const colour = page.getByRole('group', { name: 'Colour' }).getByRole('checkbox', { name: /^Arctic White – Clear/ });
  await colour.check();
  await expect(page).toHaveURL(/colour=/);
  await page.getByLabel('Sort by').selectOption('price-asc');
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page.getByText(/^\d+ products?$/)).not.toHaveText('26 products');

  await page.getByRole('heading', { level: 3 }).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/en-us\/p\/[a-z0-9-]+\?colour=/);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();

  const swatches = page.getByRole('radiogroup', { name: 'Colour', exact: true }).getByRole('radio');
  const second = swatches.nth(1);
  const secondLabel = (await second.getAttribute('aria-label'))!;
  const firstImage = await page.getByRole('button', { name: 'Zoom in' }).locator('img').last().getAttribute('src');
  await second.click();
  await expect(page).toHaveURL(
    new RegExp(`colour=${encodeURIComponent(secondLabel.toLowerCase()).replace(/%20/g, '(%20|\\+)')}`, 'i'),
  );
  await expect(page.getByRole('button', { name: 'Zoom in' }).locator('img').last()).not.toHaveAttribute(
    'src',
    firstImage!,
  );

  const size = page.getByRole('group', { name: 'Size' }).getByRole('radio').first();
  await size.check();
  await expect(page.getByRole('main').getByRole('status')).not.toHaveText('Choose a size');
  const addToCart = page.getByRole('button', { name: 'Add to cart' });
  if (await addToCart.isEnabled()) {
    await addToCart.click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Added to cart');
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  }
});

test('swatches can be chosen with the keyboard alone', async ({ page }) => {
  await page.goto('/en-us/p/summit-pro-binding');
  const colours = page.getByRole('radiogroup', { name: 'Colour', exact: true });
  const selected = colours.getByRole('radio', { checked: true });
  await selected.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/colour=glacier(%20|\+)blue/);
  await expect(page.getByText('Colour: Glacier Blue')).toBeVisible();
  await expect(colours.getByRole('radio', { name: 'Glacier Blue' })).toBeFocused();
});

test('a de-de visitor sees euro prices and German tags', async ({ page }) => {
  await page.goto('/de-de/c/goggles');
  await expect(page.getByText(/\d+,\d{2}\s€/).first()).toBeVisible();
  await expect(page.getByText(/^(Neu|Neu gestaltet)$/).first()).toBeVisible();
});

test('category and product pages have no serious accessibility violations', async ({ page }) => {
  await page.goto('/en-us/c/helmets');
  await expectNoSeriousAccessibilityViolations(page);
  await page.goto('/en-us/p/summit-pro-binding');
  await expectNoSeriousAccessibilityViolations(page);
});

test('category and product pages never scroll sideways', async ({ page }) => {
  for (const path of ['/en-us/c/goggles', '/en-us/p/vanta-mips-helmet']) {
    await page.goto(path);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('an add-on opens the quick-add modal, which adds without leaving the page and clears on close', async ({
  page,
}) => {
  await page.goto('/en-us/p/horizon-spherical-goggle');
  const addOns = page.getByRole('region', { name: 'Complete your setup' });
  const lens = addOns.getByRole('button', { name: 'Quick add: Horizon Magnetic Lens' });
  await lens.click();
  await expect(lens).toHaveAttribute('aria-pressed', 'true');

  const dialog = page.getByRole('dialog', { name: 'Horizon Magnetic Lens' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('In stock');
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Added to cart');
  await expect(page).toHaveURL(/\/en-us\/p\/horizon-spherical-goggle$/);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(lens).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  // Spec §4 'Product card': the add-on now shows that the cart holds it.
  await expect(addOns.getByRole('listitem').filter({ hasText: 'Horizon Magnetic Lens' })).toContainText(
    'Added to cart',
  );
});

test('product lists report views and selections to the data layer', async ({ page }) => {
  await consentToTracking(page);
  await page.goto('/en-us/c/goggles');
  const events = () =>
    page.evaluate(
      () => ((window as { dataLayer?: unknown[] }).dataLayer ?? []) as { event: string; ecommerce: unknown }[],
    );
  await expect.poll(async () => (await events()).map((entry) => entry.event)).toContain('view_item_list');
  const [viewed] = (await events()).filter((entry) => entry.event === 'view_item_list');
  expect(viewed!.ecommerce).toMatchObject({
    item_list_id: 'category_goggles',
    item_list_name: 'Goggles',
    items: expect.arrayContaining([
      expect.objectContaining({ item_name: expect.any(String), item_id: expect.stringMatching(/^PST-/) }),
    ]),
  });

  const firstTitle = page.getByRole('heading', { level: 3 }).first();
  const name = (await firstTitle.textContent())!;
  await firstTitle.getByRole('link').click();
  await expect(page).toHaveURL(/\/en-us\/p\//);
  const selected = (await events()).filter((entry) => entry.event === 'select_item');
  expect(selected).toHaveLength(1);
  expect(selected[0]!.ecommerce).toMatchObject({ item_list_id: 'category_goggles', items: [{ item_name: name }] });
});

/** The cards a category lists on all its pages (24 a page), read page by page. */
async function cardsOnEveryPage(page: Page, path: string, total: number): Promise<number> {
  let cards = 0;
  for (let current = 1; current <= Math.max(1, Math.ceil(total / 24)); current += 1) {
    await page.goto(current === 1 ? path : `${path}?page=${current}`);
    cards += await page
      .getByRole('region', { name: /^\d+ (products?|Produkte?)$/ })
      .getByRole('listitem')
      .count();
  }
  return cards;
}

test('a category counts, filters and pages only the products its region sells', async ({ page }) => {
  // Eight category pages or more, on a shared machine.
  test.slow();
  // The Skyline Touring Helmet (Alpine Red, Arctic White) is sold in the EU only, the Rookie
  // Junior Helmet and the Ember Goggle not in the EU: a count, page or colour never names them
  // where the visitor cannot buy them.
  for (const path of [
    '/en-us/c/helmets',
    '/en-us/c/bindings',
    '/en-us/c/accessories',
    '/en-us/c/bindings/splitboard',
    '/de-de/c/goggles',
    '/de-de/c/helmets',
  ]) {
    await page.goto(path);
    const heading = await page.getByRole('heading', { level: 2, name: /^\d+ (products?|Produkte?)$/ }).textContent();
    const total = Number(heading!.split(' ')[0]);
    expect(await cardsOnEveryPage(page, path, total), path).toBe(total);
  }

  // On mobile the filters are folded away: still in the page, hidden from the accessibility tree.
  await page.goto('/en-us/c/helmets');
  const usColours = page.getByRole('group', { name: 'Colour', includeHidden: true });
  await expect(usColours.getByRole('checkbox', { name: 'Matte Black (2)', includeHidden: true })).toBeAttached();
  await expect(usColours.getByRole('checkbox', { name: /Alpine Red|Arctic White/, includeHidden: true })).toHaveCount(
    0,
  );

  await page.goto('/de-de/c/helmets');
  const euColours = page.getByRole('group', { name: 'Farbe', includeHidden: true });
  await expect(euColours.getByRole('checkbox', { name: 'Matte Black (1)', includeHidden: true })).toBeAttached();
  await expect(euColours.getByRole('checkbox', { name: /Hot Pink/, includeHidden: true })).toHaveCount(0);
  await page.goto('/de-de/c/helmets?colour=alpine+red');
  await expect(page.getByRole('heading', { level: 2, name: '1 Produkt' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Skyline Touring Helmet/ }).first()).toBeVisible();
});

test('the demo catalogue shows sale over new, the +N colours link, a second page and a retired product', async ({
  page,
}) => {
  // README 'Demo data' names each of these products.
  await page.goto('/en-us/c/goggles');
  const results = page.getByRole('region', { name: '26 products' });
  // Spec §4 'Tags': the sale tag takes priority over new.
  const aura = results.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Aura Spherical Goggle' }) });
  await expect(aura.getByText('Sale', { exact: true })).toBeVisible();
  await expect(aura.getByText('New', { exact: true })).toHaveCount(0);
  // Spec §9: more than 6 swatches show a +N link on desktop, more than 4 on mobile.
  const prism = results
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Prism Spherical Goggle' }) });
  const more =
    test.info().project.name === 'mobile'
      ? prism.getByRole('link', { name: '4 more colours' })
      : prism.getByRole('link', { name: '2 more colours' });
  await expect(more).toBeVisible();

  // 26 goggles make two pages of 24.
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('region', { name: '26 products' }).getByRole('listitem')).toHaveCount(2);

  // A product the shop no longer sells answers 410 with recommendations (spec §2 'Error page').
  const response = await page.goto('/en-us/p/vista-classic-goggle');
  expect(response?.status()).toBe(410);
  await expect(page).toHaveTitle(/^Product Not Available/);
  await expect(page.getByRole('heading', { name: 'Product Not Available' })).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: /Goggle|Helmet|Binding|Glove|Pack|Beanie|Lens/ })
      .first(),
  ).toBeVisible();
});

test('related products show the editors’ picks first, then picks from the automated related-products config', async ({
  page,
}) => {
  await page.goto('/en-us/p/horizon-spherical-goggle');
  const related = page.getByRole('region', { name: 'Related Products' });
  const titles = related.getByRole('heading', { level: 3 });
  // Spec §9: at most 8, manual picks first in the editors' order (product-extras.json).
  await expect(titles).toHaveCount(8);
  const names = await titles.allTextContents();
  expect(names.slice(0, 4)).toEqual([
    'Horizon Magnetic Lens',
    'Vanta MIPS Helmet',
    'Storm Shell Glove',
    'Merino Rib Beanie',
  ]);
  // Then the automated picks (automated_related_products.json): the configured categories the
  // goggle is filed under, products sharing its top-level attribute (Lens: Spherical) first —
  // Polar from its own sub-category, Outlook from Goggles — then other goggles.
  expect(names.slice(4, 6)).toEqual(['Polar Spherical Goggle', 'Outlook OTG Goggle']);
  for (const name of names.slice(6)) expect(name).toMatch(/Goggle$/);
  expect(new Set(names).size).toBe(8);
  expect(names).not.toContain('Horizon Spherical Goggle');
});
