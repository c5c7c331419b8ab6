import type { FrameLocator, Page } from '@playwright/test';

/** The checkout form, as shoppers fill it in the journeys. */

export interface Shopper {
  email: string;
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  zip: string;
  /** The state's name in the list, for countries that have states. */
  state?: string;
}

/**
 * Fills the contact and shipping address by their autofill tokens, which do not change with
 * the page's language (the labels do, once the lead translates them).
 */
export async function fillAddress(page: Page, shopper: Shopper) {
  // The footer's newsletter field is an email field too.
  await page.getByRole('main').locator('[autocomplete="email"]').fill(shopper.email);
  await page.locator('[autocomplete="shipping given-name"]').fill(shopper.firstName);
  await page.locator('[autocomplete="shipping family-name"]').fill(shopper.lastName);
  await page.locator('[autocomplete="shipping address-line1"]').fill(shopper.street);
  await page.locator('[autocomplete="shipping address-level2"]').fill(shopper.city);
  await page.locator('[autocomplete="shipping postal-code"]').fill(shopper.zip);
  if (shopper.state) await page.locator('[autocomplete="shipping address-level1"]').selectOption(shopper.state);
}

/**
 * The payment provider's card element: a frame of the provider's own origin (docs/checkout.md
 * 'Payments'), so the card typed there never reaches the shop's page or server. The bank's extra
 * step opens in the same frame.
 */
export const cardElement = (page: Page): FrameLocator => page.frameLocator('iframe[src*="/elements/card"]');

/** Types a card into the provider's element, by the fields' autofill tokens (its labels follow the page's language). */
export async function fillCard(page: Page, number: string) {
  const card = cardElement(page);
  await card.locator('[autocomplete="cc-number"]').fill(number);
  await card.locator('[autocomplete="cc-exp"]').fill('12/30');
  await card.locator('[autocomplete="cc-csc"]').fill('123');
  await card.locator('[autocomplete="cc-name"]').fill('Mara Lindqvist');
}

export const placeOrder = (page: Page) => page.locator('button[name="intent"][value="place"]');

/**
 * How long 'Place order' may take to answer: it is three round trips (the payment intent, the
 * provider's confirmation in its frame, the order), on a machine that shares two cores.
 */
export const PAYING = { timeout: 20_000 };

export const utah: Shopper = {
  email: 'mara.lindqvist@example.com',
  firstName: 'Mara',
  lastName: 'Lindqvist',
  street: '2100 S State St',
  city: 'Salt Lake City',
  zip: '84115',
  state: 'Utah',
};
