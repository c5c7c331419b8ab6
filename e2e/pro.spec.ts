import { fillAddress, fillCard, placeOrder, utah } from './checkout-form';
import { acceptRefusedForms, expect, test } from './console-errors';
import { createCartOf, createProAccount } from './pro-accounts';
import { asNewVisitor, uniqueEmail } from './visitors';

test('a trade customer joins with a pro code, sees pro prices without sale tags, and is stopped at the spend limit', async ({
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
  await createProAccount(page, {
    firstName: 'Kai',
    lastName: 'Lindgren',
    email: uniqueEmail('pro'),
    password: 'waxed edges and early lifts',
    code: 'pro-us-demo',
  });
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
  await createCartOf(page, 'Cornice Binding', 12);
  await page.goto('/en-us/checkout');
  await fillAddress(page, { ...utah, email: 'kai.lindgren@example.com' });
  await expect(page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first()).toBeChecked();
  await fillCard(page, '4242 4242 4242 4242');
  await placeOrder(page).click();
  await expect(main.getByText(/past your pro spend limit of \$3,000\.00 for this year/)).toBeVisible();
  await expect(page).toHaveURL(/\/en-us\/checkout$/);
  acceptRefusedForms(consoleErrors);
});
