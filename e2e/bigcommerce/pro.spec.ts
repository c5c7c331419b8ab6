import type { Page } from '@playwright/test';
import { acceptRefusedForms, expect, test } from '../console-errors';
import { asNewVisitor, uniqueEmail } from '../visitors';

/**
 * The pro programme on BigCommerce (docs/providers/bigcommerce.md 'Customers and the pro
 * programme'): the code moves the customer into the store's pro group, whose discount prices
 * every page, and the spend limit is checked when the cart is handed to the store's checkout.
 */

/** A variant of a product with at least `quantity` in stock, from the catalogue API. */
async function variantInStock(page: Page, name: string, quantity: number) {
  const response = await page.request.get('/api/products?limit=250&include=variants', {
    headers: { 'x-bc-region': 'us' },
  });
  const products: { id: number; name: string; variants: { id: number; inventory_level: number }[] }[] = (
    await response.json()
  ).data;
  const product = products.find((candidate) => candidate.name === name)!;
  const variant = product.variants.find((candidate) => candidate.inventory_level >= quantity)!;
  return { product_id: product.id, variant_id: variant.id, quantity };
}

test('a trade customer joins with a pro code on the store, sees pro prices, and the hand-over stops at the spend limit', async ({
  page,
  consoleErrors,
}) => {
  await asNewVisitor(page);
  const main = page.getByRole('main');

  // A guest sees the Cornice binding on sale.
  await page.goto('/en-us/p/cornice-binding');
  await expect(main.getByText('Sale', { exact: true }).first()).toBeVisible();
  await expect(main.getByText('$319.95').first()).toBeVisible();

  await page.goto('/en-us/pro/create');
  await page.getByRole('button', { name: 'Create pro account' }).click();
  await expect(page.getByText('Please check your details')).toBeVisible();
  await page.getByLabel('First name').fill('Kai');
  await page.getByLabel('Last name').fill('Lindgren');
  await main.getByLabel('Email').fill(uniqueEmail('pro'));
  await page.getByLabel('Password').fill('waxed edges and early lifts');
  await page.getByLabel('Pro code').fill('pro-us-demo');
  await page.getByRole('button', { name: 'Create pro account' }).click();
  await expect(page).toHaveURL(/\/en-us\/proclub/);
  await expect(main.getByText('Pro member', { exact: true })).toBeVisible();

  // Pros pay their group price (30 % off $379.95), labelled as such, and never see a sale.
  await page.goto('/en-us/p/cornice-binding');
  await expect(main.getByText('Pro price').first()).toBeVisible();
  await expect(main.getByText('$265.97').first()).toBeVisible();
  await expect(main.getByText('Sale', { exact: true })).toHaveCount(0);
  await page.goto('/en-us/c/bindings');
  await expect(main.getByText('Pro price').first()).toBeVisible();
  await expect(main.getByText('Sale', { exact: true })).toHaveCount(0);

  // Twelve bindings at the pro price come to $3,191.64: past the $3,000 limit of the year.
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
  const created = await page.request.post('/api/cart/create', {
    headers: { 'x-xsrf-token': xsrf, 'x-bc-region': 'us' },
    data: { line_items: [await variantInStock(page, 'Cornice Binding', 12)] },
  });
  expect(created.status()).toBe(201);
  // The hand-over to the store's checkout is refused before the shopper leaves the shop.
  await page.goto('/en-us/checkout');
  await expect(main.getByText(/past your pro spend limit of \$3,000\.00 for this year/)).toBeVisible();
  expect(new URL(page.url()).port).not.toBe(process.env.E2E_FAKE_PORT);
  acceptRefusedForms(consoleErrors);
});
