import { acceptRefusedForms, expect, test } from '../console-errors';
import { createCartOf, joinAsDemoPro } from '../pro-accounts';
import { asNewVisitor } from '../visitors';

/**
 * The pro programme on BigCommerce (docs/providers/bigcommerce.md 'Customers and the pro
 * programme'): the code moves the customer into the store's pro group, whose discount prices
 * every page, and the spend limit is checked when the cart is handed to the store's checkout.
 */

test('a trade customer joins with a pro code on the store, sees pro prices, and the hand-over stops at the spend limit', async ({
  page,
  consoleErrors,
}) => {
  await asNewVisitor(page);
  const main = page.getByRole('main');

  await joinAsDemoPro(page);

  // Twelve bindings at the pro price come to $3,191.64: past the $3,000 limit of the year.
  await createCartOf(page, 'Cornice Binding', 12);
  // The hand-over to the store's checkout is refused before the shopper leaves the shop.
  await page.goto('/en-us/checkout');
  await expect(main.getByText(/past your pro spend limit of \$3,000\.00 for this year/)).toBeVisible();
  expect(new URL(page.url()).port).not.toBe(process.env.E2E_FAKE_PORT);
  acceptRefusedForms(consoleErrors);
});
