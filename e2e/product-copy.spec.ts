import type { Page } from '@playwright/test';
import { expect, test } from './console-errors';

/**
 * docs/content.md 'Product copy': a shopper reads the product's copy, its specifications
 * and the category's filters in their language (spec §7: product content by language, falling
 * back to en-us), while filters keep working on the commerce values.
 */

/** Narrow screens fold the filters behind a toggle. */
async function openFilters(page: Page) {
  if (test.info().project.name === 'mobile') await page.getByRole('button', { name: /^Filtern und sortieren/ }).click();
}

test('a German shopper reads a product page in German: tagline, description, specifications and sizes', async ({
  page,
}) => {
  await page.goto('/de-de/p/horizon-spherical-goggle');
  await expect(page.getByText('Mehr Blickfeld und ein Scheibenwechsel in drei Sekunden.')).toBeVisible();
  await expect(page.getByText(/^Die sphärische Scheibe der Horizon ist horizontal und vertikal gewölbt/)).toBeVisible();
  const specs = page.getByRole('region', { name: 'Über dieses Produkt' });
  await expect(specs.getByRole('term')).toContainText([
    'Scheibe',
    'Scheibenwechsel',
    'VLT',
    'Antibeschlag',
    'Passform',
  ]);
  await expect(specs.getByRole('definition')).toContainText(['Sphärisch', 'Magnetisch, 8 Punkte']);
  await expect(page.getByRole('group', { name: 'Größe' }).getByText('Einheitsgröße')).toBeVisible();

  await page.goto('/de-de/p/vanta-mips-helmet');
  await expect(
    page
      .getByRole('region', { name: 'Über dieses Produkt' })
      .getByRole('term')
      .filter({ hasText: /^(Schutz|Gewicht)$/ }),
  ).toHaveText(['Schutz', 'Gewicht']);
});

test('a German shopper filters a category with German filter names and values, and the filter still applies', async ({
  page,
}) => {
  await page.goto('/de-de/c/goggles');
  await openFilters(page);
  await expect(page.getByRole('group', { name: 'UV-Schutz' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Größe' }).getByLabel(/^Große Passform/)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Größe' }).getByLabel(/^Einheitsgröße/)).toBeVisible();
  const lensChange = page.getByRole('group', { name: 'Scheibenwechsel' });
  await expect(lensChange.getByLabel(/^Magnetisch, 8 Punkte/)).toBeVisible();
  await expect(lensChange).not.toContainText('Magnetic');

  await lensChange.getByLabel(/^Magnetisch, 8 Punkte/).check();
  await expect(page).toHaveURL(/attr=Lens\+change%3AMagnetic%2C\+8-point/);
  const results = page.getByRole('region', { name: '1 Produkt' });
  await expect(results.getByRole('heading', { level: 3 })).toHaveText(['Horizon Spherical Goggle']);
});

test('French, Spanish and Italian shoppers read the product copy in their language', async ({ page }) => {
  for (const [path, tagline, spec] of [
    [
      '/fr-ca/p/horizon-spherical-goggle',
      'Un champ de vision élargi et un écran changé en trois secondes.',
      'Changement d’écran',
    ],
    [
      '/es-es/p/horizon-spherical-goggle',
      'Más campo de visión y un cambio de lente en tres segundos.',
      'Cambio de lente',
    ],
    [
      '/it-it/p/horizon-spherical-goggle',
      'Una visuale più ampia e una lente che si cambia in tre secondi.',
      'Cambio lente',
    ],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(tagline), path).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: spec }), path).toBeVisible();
  }
});

test('a German shopper finds a product by a German word of its copy, and sees sizes in German in search filters, the cart and checkout', async ({
  page,
}) => {
  await page.goto('/de-de/search?q=Scheibenwechsel');
  await openFilters(page);
  await expect(page.getByRole('link', { name: 'Horizon Spherical Goggle' }).first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Größe' }).getByText('Einheitsgröße')).toBeVisible();

  await page.goto('/de-de/p/horizon-magnetic-lens');
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Zum Warenkorb hinzugefügt');
  await page.goto('/de-de/cart');
  await expect(page.getByRole('main').getByText(/Größe: Einheitsgröße/)).toBeVisible();
  await page.goto('/de-de/checkout');
  await expect(page.getByRole('complementary', { name: 'Bestellübersicht' })).toContainText(/ \/ Einheitsgröße/);
});

test('a German shopper sees a size sold out in the chosen colour marked in German', async ({ page }) => {
  await page.goto('/de-de/p/kicker-binding');
  await expect(page.getByRole('group', { name: 'Größe' }).getByText('L — Ausverkauft')).toBeVisible();
});
