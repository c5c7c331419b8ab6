import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { consentToTracking } from './consent';
import { expect, test } from './console-errors';

async function expectNoSeriousAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(
    serious.map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(', ')})`,
    ),
  ).toEqual([]);
}

/** The page's data-layer events of one kind (tracking is on once the visitor consents: e2e/consent.ts). */
function dataLayerEvents(page: Page, event: string) {
  return page.evaluate(
    (name) =>
      ((window as { dataLayer?: { event: string; ecommerce: unknown }[] }).dataLayer ?? []).filter(
        (entry) => entry.event === name,
      ),
    event,
  );
}

/** Opens a product page, chooses its first size and adds one to the cart. */
async function addFromProductPage(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('group', { name: 'Size' }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Added to cart');
}

test('add two products, change a quantity, remove one, and watch the totals follow', async ({ page }) => {
  await consentToTracking(page);
  await addFromProductPage(page, '/en-us/p/summit-pro-binding');
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect
    .poll(() => dataLayerEvents(page, 'add_to_cart'))
    .toEqual([
      {
        event: 'add_to_cart',
        ecommerce: {
          currency: 'USD',
          value: 449.95,
          items: [expect.objectContaining({ item_name: 'Summit Pro Binding', price: 449.95, quantity: 1 })],
        },
      },
    ]);

  await addFromProductPage(page, '/en-us/p/vanta-mips-helmet');
  const cartLink = page.getByRole('link', { name: 'Cart, 2 items' });
  await expect(cartLink).toBeVisible();
  await cartLink.click();
  await expect(page).toHaveURL(/\/en-us\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();

  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  const binding = lines.filter({ has: page.getByRole('heading', { name: 'Summit Pro Binding' }) });
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(lines).toHaveCount(2);
  await expect(binding).toContainText('Colour: Stealth Black · Size: S');
  await expect(summary.getByRole('definition')).toHaveText('$669.90');
  await expect(summary).toContainText('Your order qualifies for free shipping.');
  await expectNoSeriousAccessibilityViolations(page);

  await binding.getByRole('button', { name: 'Increase quantity of Summit Pro Binding' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Your cart was updated.');
  await expect(binding).toContainText('$899.90');
  // The header counts items, not lines: two bindings and a helmet.
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toHaveText('3');
  await expect(summary.getByRole('definition')).toHaveText('$1,119.85');
  // The stepper's step up is one more added to the cart.
  await expect
    .poll(async () => (await dataLayerEvents(page, 'add_to_cart')).at(-1)?.ecommerce)
    .toMatchObject({ value: 449.95, items: [{ item_name: 'Summit Pro Binding', quantity: 1 }] });

  await page.getByRole('button', { name: 'Remove Vanta MIPS Helmet' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Vanta MIPS Helmet was removed from your cart.');
  await expect(lines).toHaveCount(1);
  await expect(summary.getByRole('definition')).toHaveText('$899.90');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toHaveText('2');
  const [removed] = await dataLayerEvents(page, 'remove_from_cart');
  expect(removed!.ecommerce).toMatchObject({
    currency: 'USD',
    value: 219.95,
    items: [{ item_name: 'Vanta MIPS Helmet', quantity: 1 }],
  });
  await expect(page.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/en-us/checkout');
});

test('a de-de shopper’s cart is in euros, with the way to free shipping', async ({ page }) => {
  await page.goto('/de-de/p/horizon-magnetic-lens');
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Zum Warenkorb hinzugefügt');
  await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).click();
  await expect(page).toHaveURL(/\/de-de\/cart$/);
  await expect(page.getByRole('region', { name: 'Bestellübersicht' }).getByRole('definition')).toHaveText('74,99 €');
  await expect(page.getByText('Noch 45,01 € bis zum kostenlosen Versand.')).toBeVisible();
});

test('an empty cart says so and leads back to the shop', async ({ page }) => {
  await page.goto('/en-us/cart');
  await expect(page.getByRole('heading', { level: 2, name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('main').getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the header counts the cart’s items in the visitor’s language', async ({ page }) => {
  // Intl.PluralRules picks the form: French counts 1 as singular, German has one word for both.
  await page.goto('/fr-ca/p/summit-pro-binding');
  await page.getByRole('group', { name: 'Taille' }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('link', { name: 'Panier, 1 article', exact: true })).toHaveText('1');
  await page.goto('/fr-ca/cart');
  await page.getByRole('button', { name: 'Augmenter la quantité de Summit Pro Binding' }).click();
  await expect(page.getByRole('link', { name: 'Panier, 2 articles' })).toHaveText('2');
});
