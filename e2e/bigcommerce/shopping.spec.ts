import { expect, test } from '../console-errors';

/**
 * The shop with BigCommerce keeping commerce (COMMERCE_PROVIDER=bigcommerce, pointed at the
 * stand-in): the catalogue, prices and cart come from the store, the pages are the same.
 */
test('browse a category, open a product with its price, add it and find it in the cart', async ({ page }) => {
  await page.goto('/en-us');
  await page.goto('/en-us/c/goggles');
  await expect(page.getByRole('heading', { level: 1, name: 'Goggles' })).toBeVisible();

  const card = page.getByRole('heading', { level: 3 }).first().getByRole('link');
  const name = (await card.textContent())!.trim();
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('main')).toContainText(/\$\d+\.\d{2}/);

  await page.getByRole('group', { name: 'Size' }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Added to cart');

  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first().getByRole('heading', { name })).toBeVisible();
  // Discount codes are typed into BigCommerce's hosted checkout, so the cart offers no field for one.
  await expect(page.getByRole('textbox', { name: 'Discount code' })).toHaveCount(0);
});
