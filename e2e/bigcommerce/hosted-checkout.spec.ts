import { expect, test } from '../console-errors';

/**
 * Checkout on BigCommerce is the store's hosted checkout (docs/providers/bigcommerce.md 'Carts and
 * checkout'): the shop hands the cart over, the shopper pays there, and comes back to our
 * confirmation page. The stand-in's checkout page plays BigCommerce's part.
 */
test('a guest hands the cart to the hosted checkout, places the order there and lands on our confirmation', async ({
  page,
}) => {
  await page.goto('/en-us/p/summit-pro-binding');
  const sizes = page.getByRole('group', { name: 'Size' }).getByRole('radio');
  if ((await sizes.count()) > 1) await sizes.first().check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Added to cart');

  await page.goto('/en-us/cart');
  await page.getByRole('main').getByRole('link', { name: 'Checkout' }).click();

  // The store's checkout, on its own origin, holding our cart.
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  expect(new URL(page.url()).port).toBe(process.env.E2E_FAKE_PORT);
  await expect(page.getByRole('listitem')).toContainText('Summit Pro Binding');
  await page.getByLabel('Email').fill('hosted.guest@example.com');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/en-us\/checkout\/confirmation\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const orderNumber = page.url().split('/').at(-1)!;
  await expect(page.getByRole('main').getByText(`Order number ${orderNumber}`)).toBeVisible();

  // The cart became the order: the cart is empty again.
  await page.goto('/en-us/cart');
  await expect(page.getByRole('link', { name: /^Cart, 1 item/ })).toHaveCount(0);
});
