import { fillAddress, fillCard, PAYING, placeOrder, utah } from './checkout-form';
import { acceptRefusedForms, expect, test } from './console-errors';
import { createCartOf, joinAsDemoPro } from './pro-accounts';
import { asNewVisitor } from './visitors';

test('a trade customer joins with a pro code, sees pro prices without sale tags, and is stopped at the spend limit', async ({
  page,
  consoleErrors,
}) => {
  await asNewVisitor(page);
  const main = page.getByRole('main');

  await joinAsDemoPro(page);

  // Twelve bindings at the pro price come to $3,191.64: past the $3,000 limit of the year.
  await createCartOf(page, 'Cornice Binding', 12);
  await page.goto('/en-us/checkout');
  await fillAddress(page, { ...utah, email: 'kai.lindgren@example.com' });
  await expect(page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first()).toBeChecked();
  await fillCard(page, '4242 4242 4242 4242');
  await placeOrder(page).click();
  await expect(main.getByText(/past your pro spend limit of \$3,000\.00 for this year/)).toBeVisible(PAYING);
  await expect(page).toHaveURL(/\/en-us\/checkout$/);
  acceptRefusedForms(consoleErrors);
});
