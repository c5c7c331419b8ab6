import { expect, test } from './console-errors';

// Every string a shopper reads comes from display texts or localised content.

test.describe('the shop’s own wording in German', () => {
  test('the country picker is in German: title, groups, country names and the language buttons’ names', async ({
    page,
  }) => {
    await page.goto('/de-de/country');
    await expect(page).toHaveTitle(/^Wähle dein Land \|/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Wähle dein Land' })).toBeVisible();
    await expect(main).toContainText('Land und Sprache');
    await expect(main).toContainText('Preise, Währung, Versand und Inhalte richten sich nach dem Land');
    for (const group of ['Nordamerika', 'Europa', 'Asien-Pazifik', 'Weitere']) {
      await expect(main.getByRole('heading', { level: 2, name: group })).toBeVisible();
    }
    // Country names come from the runtime's CLDR data in the page's language.
    for (const country of ['Deutschland', 'Österreich', 'Vereinigte Staaten', 'Schweiz', 'International']) {
      await expect(main.getByText(country, { exact: true })).toBeVisible();
    }
    await expect(main.getByText('Germany', { exact: true })).toHaveCount(0);
    await expect(main.getByText('North America', { exact: true })).toHaveCount(0);
    // Language names stay in their own language; the button's name says the country in German.
    await expect(main.getByRole('button', { name: 'Frankreich, Français' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Deutschland, Deutsch' })).toHaveAttribute('aria-current', 'true');
  });

  test('a sold-out size says so in German on the product page', async ({ page }) => {
    // Outlaw's Rust colour is sold out in every size (data/seed/catalogue/products-helmets.json).
    await page.goto('/de-de/p/outlaw-helmet');
    const sizes = page.getByRole('group', { name: 'Größe' });
    await expect(sizes).toContainText('Ausverkauft');
    await expect(page.getByRole('main')).not.toContainText(/sold out/i);
  });
});

test.describe('the shop’s own wording in French', () => {
  test('the country picker is in French', async ({ page }) => {
    await page.goto('/fr-fr/country');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Choisissez votre pays' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'Amérique du Nord' })).toBeVisible();
    await expect(main.getByText('Allemagne', { exact: true })).toBeVisible();
  });
});

// The newsletter consent names the privacy policy; it must link to it.
for (const [locale, linkText, heading] of [
  ['de-de', 'Datenschutzerklärung', 'Datenschutzerklärung'],
  ['fr-fr', 'politique de confidentialité', 'Politique de confidentialité'],
  ['en-us', 'privacy policy', 'Privacy policy'],
] as const) {
  test(`the newsletter consent links to the privacy policy in ${locale}`, async ({ page }) => {
    await page.goto(`/${locale}/about`);
    const signup = page.locator('#newsletter');
    const link = signup.getByRole('link', { name: linkText });
    await expect(link).toHaveAttribute('href', `/${locale}/privacy`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/privacy$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // A long German compound in a heading must not push a phone's page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

test('a German search excerpt keeps commas against their words', async ({ page }) => {
  // The about page's German copy lists "<strong>Bindungen</strong>, <strong>Helme</strong>, …".
  await page.goto('/de-de/search?q=entwerfen');
  const pages = page.getByRole('region', { name: 'Seiten und Artikel' });
  await expect(pages).toContainText('Bindungen, Helme, Goggles und das Zubehör');
  await expect(pages).not.toContainText(/\s,/);
});
