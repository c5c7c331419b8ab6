import { expect, type Page } from '@playwright/test';

/** What the pro journeys share, on either commerce provider: joining with a pro code, and a cart filled through the API. */

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
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
  const created = await page.request.post('/api/cart/create', {
    headers: { 'x-xsrf-token': xsrf, 'x-bc-region': 'us' },
    data: { line_items: [await variantInStock(page, productName, quantity)] },
  });
  expect(created.status()).toBe(201);
}
