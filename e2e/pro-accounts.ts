import { expect, type Page } from '@playwright/test';
import { uniqueEmail } from './visitors';

/** What the pro journeys share, on either commerce provider: the pro sign-up, the pro prices it opens, and a cart filled through the API. */

/** Creates a pro account from `/en-us/pro/create` with a pro code and waits for the pro club, signed in. */
export async function createProAccount(
  page: Page,
  pro: { firstName: string; lastName: string; email: string; password: string; code: string },
): Promise<void> {
  const main = page.getByRole('main');
  await page.goto('/en-us/pro/create');
  await page.getByLabel('First name').fill(pro.firstName);
  await page.getByLabel('Last name').fill(pro.lastName);
  await main.getByLabel('Email').fill(pro.email);
  await page.getByLabel('Password').fill(pro.password);
  await page.getByLabel('Pro code').fill(pro.code);
  await page.getByRole('button', { name: 'Create pro account' }).click();
  await expect(page).toHaveURL(/\/en-us\/proclub/);
}

/**
 * The opening both pro journeys share: a guest sees the Cornice binding on sale, the pro form
 * refuses an empty submission, a trade customer joins with the demo pro code, and then pays the
 * pro price (30 % off $379.95), labelled as such, without a sale tag on the product or its category.
 */
export async function joinAsDemoPro(page: Page): Promise<void> {
  const main = page.getByRole('main');
  // A guest sees the Cornice binding on sale.
  await page.goto('/en-us/p/cornice-binding');
  await expect(main.getByText('Sale', { exact: true }).first()).toBeVisible();
  await expect(main.getByText('$319.95').first()).toBeVisible();

  await page.goto('/en-us/pro/create');
  await page.getByRole('button', { name: 'Create pro account' }).click();
  await expect(page.getByText('Please check your details')).toBeVisible();
  await createProAccount(page, {
    firstName: 'Kai',
    lastName: 'Lindgren',
    email: uniqueEmail('pro'),
    password: 'waxed edges and early lifts',
    code: 'pro-us-demo',
  });
  await expect(main.getByText('Pro member', { exact: true })).toBeVisible();

  await page.goto('/en-us/p/cornice-binding');
  await expect(main.getByText('Pro price').first()).toBeVisible();
  await expect(main.getByText('$265.97').first()).toBeVisible();
  await expect(main.getByText('Sale', { exact: true })).toHaveCount(0);
  await page.goto('/en-us/c/bindings');
  await expect(main.getByText('Pro price').first()).toBeVisible();
  await expect(main.getByText('Sale', { exact: true })).toHaveCount(0);
}

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

/** Creates the visitor's us cart through `/api/cart/create` with `quantity` of a variant of the named product in stock. */
export async function createCartOf(page: Page, productName: string, quantity: number): Promise<void> {
  // Pages set no cookie (decision 029-a): an /api answer hands out the CSRF token.
  expect((await page.request.get('/api/shopper?locale=en-us')).status()).toBe(200);
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
  const created = await page.request.post('/api/cart/create', {
    headers: { 'x-xsrf-token': xsrf, 'x-bc-region': 'us' },
    data: { line_items: [await variantInStock(page, productName, quantity)] },
  });
  expect(created.status()).toBe(201);
}
