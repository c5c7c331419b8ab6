import type { Page, Request } from '@playwright/test';
import { cardElement, fillAddress, fillCard, PAYING, placeOrder, utah } from './checkout-form';
import { expect, test } from './console-errors';

/**
 * Paying in the payment provider's card element (issue 28 'The payment flow'): the card is typed
 * into a frame of the provider's own origin and posted there; the shop's origin only ever sees
 * the payment's id.
 */

async function checkoutWithLens(page: Page) {
  await page.goto('/en-us/p/horizon-magnetic-lens');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Added to cart');
  await page.goto('/en-us/checkout');
  await fillAddress(page, utah);
  await expect(page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first()).toBeChecked();
}

const problems = (page: Page) => page.getByRole('heading', { name: 'Please check your order' }).locator('..');

/** The provider answers a refused card with Stripe's 402, which Chromium logs: expected in these journeys. */
function acceptProviderRefusals(consoleErrors: string[]) {
  const refused = /status of 402 .*\/v1\/payment_intents\/.*\/confirm/;
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !refused.test(error)));
}

test('a guest pays with the test card in the provider’s frame, and the card number never goes to the shop', async ({
  page,
  baseURL,
}) => {
  const shopOrigin = new URL(baseURL!).origin;
  const sent: Request[] = [];
  page.on('request', (request) => sent.push(request));

  await checkoutWithLens(page);
  const frame = page.locator('iframe[src*="/elements/card"]');
  const providerOrigin = new URL((await frame.getAttribute('src'))!).origin;
  expect(providerOrigin).not.toBe(shopOrigin);
  await expect(page.getByText('4000 0027 6000 3184')).toBeVisible();

  await fillCard(page, '4242 4242 4242 4242');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/en-us\/checkout\/confirmation\/\d+$/, PAYING);
  await expect(page.getByRole('main').getByText('visa •••• 4242')).toBeVisible();

  const card = /4242[\s-]*4242[\s-]*4242[\s-]*4242/;
  const holding = sent.filter((request) => card.test(`${request.url()} ${request.postData() ?? ''}`));
  expect(holding.length).toBeGreaterThan(0);
  expect(holding.map((request) => new URL(request.url()).origin)).toEqual(holding.map(() => providerOrigin));
  // The shop was told only the payment's id.
  const placed = sent.find(
    (request) => request.method() === 'POST' && /payment_intent_id=/.test(request.postData() ?? ''),
  );
  expect(new URL(placed!.url()).origin).toBe(shopOrigin);
});

test('the extra-authentication card passes when the shopper completes the bank’s step', async ({ page }) => {
  await checkoutWithLens(page);
  await fillCard(page, '4000 0027 6000 3184');
  await placeOrder(page).click();

  const bank = cardElement(page);
  await expect(bank.getByText(/^Your bank asks you to confirm this payment of \$\d+\.\d{2}\.$/)).toBeVisible(PAYING);
  await bank.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/en-us\/checkout\/confirmation\/\d+$/, PAYING);
  await expect(page.getByRole('main').getByText('visa •••• 3184')).toBeVisible();
});

test('a failed bank step is refused, and the shopper pays with another card', async ({ page, consoleErrors }) => {
  await checkoutWithLens(page);
  await fillCard(page, '4000 0027 6000 3184');
  await placeOrder(page).click();
  await cardElement(page).getByRole('button', { name: 'Fail' }).click(PAYING);

  await expect(problems(page)).toContainText(
    'Your bank did not confirm the payment. Try again, or use another card.',
    PAYING,
  );
  await expect(problems(page)).toBeFocused();
  await expect(page).toHaveURL(/\/en-us\/checkout$/);

  // The card form is back, empty, for another card.
  await fillCard(page, '4242 4242 4242 4242');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/en-us\/checkout\/confirmation\/\d+$/, PAYING);
  acceptProviderRefusals(consoleErrors);
});

test('a declined card keeps the cart and says why, for each of the refusing test cards', async ({
  page,
  consoleErrors,
}) => {
  await checkoutWithLens(page);
  await fillCard(page, '4000 0000 0000 9995');
  await placeOrder(page).click();
  await expect(problems(page)).toContainText('Your card has insufficient funds. Try another card.', PAYING);

  await cardElement(page).locator('[autocomplete="cc-number"]').fill('4000 0000 0000 0002');
  await placeOrder(page).click();
  await expect(problems(page)).toContainText('Your card was declined. Try another card.', PAYING);
  await expect(placeOrder(page)).toBeEnabled();

  await page.goto('/en-us/cart');
  await expect(page.getByRole('main').getByText('Horizon Magnetic Lens').first()).toBeVisible();
  acceptProviderRefusals(consoleErrors);
});
