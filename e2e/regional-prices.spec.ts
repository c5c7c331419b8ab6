import { expect, test } from './console-errors';

/**
 * Prices read as the page's language writes them in its country (Intl.NumberFormat with the
 * page's locale): the Vanta MIPS Helmet is CAD 294.95 and EUR 209.99 in the demo catalogue.
 * `\s` matches the no-break spaces Intl puts between the number and the symbol.
 */
const VANTA = [
  { locale: 'fr-ca', price: /^294,95\s\$$/, size: 'Taille', addToCart: 'Ajouter au panier', added: 'Ajouté au panier' },
  { locale: 'en-ca', price: /^\$294\.95$/, size: 'Size', addToCart: 'Add to cart', added: 'Added to cart' },
  {
    locale: 'de-de',
    price: /^209,99\s€$/,
    size: 'Größe',
    addToCart: 'In den Warenkorb',
    added: 'Zum Warenkorb hinzugefügt',
  },
  { locale: 'en-us', price: /^\$219\.95$/, size: 'Size', addToCart: 'Add to cart', added: 'Added to cart' },
] as const;

for (const { locale, price, size, addToCart, added } of VANTA) {
  test(`${locale}: the product page, its cards and the cart show prices as ${locale} writes them`, async ({ page }) => {
    await page.goto(`/${locale}/p/vanta-mips-helmet`);
    const main = page.getByRole('main');
    await expect(main.getByText(price).first()).toBeVisible();
    await expect(main).not.toContainText('CA$');

    await page.goto(`/${locale}/c/helmets`);
    const card = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Vanta MIPS Helmet' });
    await expect(card.getByText(price)).toBeVisible();

    await page.goto(`/${locale}/p/vanta-mips-helmet`);
    await page.getByRole('group', { name: size }).getByRole('radio').first().check();
    await page.getByRole('button', { name: addToCart }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(added);
    await page.goto(`/${locale}/cart`);
    const line = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Vanta MIPS Helmet' });
    await expect(line.getByText(price)).toBeVisible();
    // The order summary's subtotal: one helmet.
    await expect(main.getByRole('definition').getByText(price).first()).toBeVisible();
    await expect(main).not.toContainText('CA$');
  });
}
