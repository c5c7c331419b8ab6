import { expect, test } from '../console-errors';
import { createProAccount } from '../pro-accounts';
import { fillAddress, fillCard, PAYING, placeOrder, utah } from '../checkout-form';
import { asNewVisitor, uniqueEmail } from '../visitors';
import {
  acceptRefusedApiCalls,
  acceptSignedOutSessionCheck,
  addToCart,
  backOfficeNavigation,
  openArea,
  screenshot,
  signInToBackOffice,
  signOutOfBackOffice,
} from './back-office';
import { E2E_STAFF, E2E_STAFF_PASSWORD } from './staff-accounts';

/**
 * The back office's journeys (issue 27 'Done when'), each leaving screenshots at 1440 px in
 * e2e/admin/screenshots/. Each journey makes its own data (unique names, emails and codes) and
 * puts back the seeded data it changes, so the other projects on the same shop see the seed.
 */

test('staff sign in, see only the areas of their role, and sign out', async ({ page, consoleErrors }) => {
  await asNewVisitor(page);
  await page.goto('/admin/orders?status=paid');
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Forders%3Fstatus%3Dpaid$/);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByText('Enter the email of your staff account.').first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct the following' })).toBeFocused();

  await form.getByLabel('Email').fill(E2E_STAFF.support.email);
  await form.getByLabel('Password').fill('not the password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByText('The email or password is not right.').first()).toBeVisible();
  await screenshot(page, '00-sign-in-refused');

  await form.getByLabel('Password').fill(E2E_STAFF_PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  // Back where the expired session left off.
  await expect(page).toHaveURL(/\/admin\/orders\?status=paid$/);
  const navigation = backOfficeNavigation(page);
  await expect(navigation.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Customers' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(navigation.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Sam Support/ })).toBeVisible();
  await screenshot(page, '00-support-frame');

  // A page the role may not open says so inside the frame.
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();

  await signOutOfBackOffice(page);
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  acceptRefusedApiCalls(consoleErrors);
});

test('an owner signs in and creates a merchandiser, who can then sign in', async ({ page, consoleErrors }) => {
  const merchandiser = { name: 'Mia Merch', email: uniqueEmail('merch'), password: 'Fresh powder all winter 26' };
  await signInToBackOffice(page, 'owner');
  await expect(backOfficeNavigation(page).getByRole('link', { name: 'Staff' })).toBeVisible();
  await openArea(page, 'Staff');
  await page.getByRole('link', { name: 'New staff member' }).click();
  const form = page.getByRole('form', { name: 'New staff member' });
  await form.getByLabel('Name').fill(merchandiser.name);
  await form.getByLabel('Email').fill(merchandiser.email);
  await form.getByLabel('Role').selectOption('merchandiser');
  await form.getByLabel('Password').fill(merchandiser.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(`${merchandiser.name} can now sign in as merchandiser.`)).toBeVisible();
  await screenshot(page, '01-owner-created-merchandiser');
  await openArea(page, 'Staff');
  await expect(page.getByRole('row').filter({ hasText: merchandiser.email })).toContainText(/merchandiser/i);
  await screenshot(page, '01-staff-list');

  await signOutOfBackOffice(page);
  await signInToBackOffice(page, { email: merchandiser.email, password: merchandiser.password });
  await expect(backOfficeNavigation(page).getByRole('link', { name: 'Catalogue' })).toBeVisible();
  await expect(backOfficeNavigation(page).getByRole('link', { name: 'Staff' })).toHaveCount(0);
  acceptSignedOutSessionCheck(consoleErrors);
});

test('a merchandiser puts a category on 20 % sale and sells a variant out; the shop shows both at once', async ({
  page,
  browser,
  consoleErrors,
}) => {
  await signInToBackOffice(page, 'merchandiser');
  await openArea(page, 'Catalogue');
  // The helmets, found by their category, all selected, 20 % off.
  await page.getByRole('search').getByLabel('Category').selectOption({ label: 'helmets' });
  await page.getByRole('button', { name: 'Apply' }).click();
  // The filtered list, loaded, before selecting its rows (a reload clears the selection).
  await expect(page).toHaveURL(/category=/);
  await expect(page.getByRole('link', { name: 'Orbit MIPS Helmet' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.getByRole('button', { name: 'Put on sale…' }).click();
  const sale = page.getByRole('dialog');
  await sale.getByLabel('Percent off every price').fill('20');
  await sale.getByRole('button', { name: 'Put on sale' }).click();
  await expect(page.getByText(/product\(s\) changed\./)).toBeVisible();
  await screenshot(page, '02-category-on-sale');

  const shopper = await browser.newPage();
  // A helmet no other journey orders, as one of its variants is sold out for a moment.
  await shopper.goto('/en-us/p/orbit-mips-helmet');
  const product = shopper.getByRole('main');
  await expect(product.getByText('Sale', { exact: true }).first()).toBeVisible();
  await screenshot(shopper, '02-storefront-sale-price');

  // One variant to 0 in stock: the shop shows it sold out.
  await page.getByRole('link', { name: 'Orbit MIPS Helmet' }).click();
  await page.getByRole('button', { name: 'Adjust stock' }).first().click();
  const adjust = page.getByRole('dialog');
  const counted = (await adjust.getByText('In stock now:').locator('strong').textContent())!;
  await adjust.getByLabel('Set the counted level').check();
  await adjust.getByLabel('Units on the shelf').fill('0');
  await adjust.getByLabel('Reason').selectOption({ index: 1 });
  await adjust.getByRole('button', { name: 'Adjust' }).click();
  await expect(adjust).toBeHidden();
  await screenshot(page, '02-variant-stock-zero');
  await shopper.reload();
  // The first variant (its first colour, shown by default, in size S) is marked in the size picker.
  await expect(product.getByRole('group', { name: 'Size' }).getByText(/Sold out/)).toBeVisible();
  await screenshot(shopper, '02-storefront-sold-out');

  // The seeded stock and prices back as they were, for the other journeys on this shop.
  await page.getByRole('button', { name: 'Adjust stock' }).first().click();
  await adjust.getByLabel('Set the counted level').check();
  await adjust.getByLabel('Units on the shelf').fill(counted);
  await adjust.getByRole('button', { name: 'Adjust' }).click();
  await expect(adjust).toBeHidden();
  await openArea(page, 'Catalogue');
  await page.getByRole('search').getByLabel('Category').selectOption({ label: 'helmets' });
  await page.getByRole('button', { name: 'Apply' }).click();
  // The filtered list, loaded, before selecting its rows (a reload clears the selection).
  await expect(page).toHaveURL(/category=/);
  await expect(page.getByRole('link', { name: 'Orbit MIPS Helmet' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.getByRole('button', { name: 'Clear sale' }).click();
  await expect(page.getByText(/product\(s\) changed\./).first()).toBeVisible();
  acceptSignedOutSessionCheck(consoleErrors);
});

test('a merchandiser publishes a German blog post through draft and preview', async ({
  page,
  context,
  consoleErrors,
}) => {
  const stamp = Date.now();
  const title = `Pulverschnee am Arlberg ${stamp}`;
  const summary = 'Drei Tage Neuschnee zwischen St. Anton und Lech, und wo er am längsten liegen bleibt.';
  await signInToBackOffice(page, 'merchandiser');
  await openArea(page, 'Content');
  await page.getByRole('link', { name: /Blog post/ }).click();
  await page.getByLabel('Locale').selectOption('de');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/locale=de\b/);
  await page.getByRole('link', { name: 'New entry' }).click();
  await expect(page.getByText('Starts as a draft in de;')).toBeVisible();
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByRole('textbox', { name: /^URL/ }).fill(`/pulverschnee-am-arlberg-${stamp}`);
  // Shown in the European shop: Germany's content region is eu_region_1.
  const regions = page.getByRole('group', { name: 'Regions' });
  await regions.getByRole('button', { name: 'Add' }).click();
  const region = regions.locator('select, input').first();
  if ((await region.evaluate((element) => element.tagName)) === 'SELECT') await region.selectOption('eu_region_1');
  else await region.fill('eu_region_1');
  await page.getByRole('textbox', { name: 'Published date' }).fill(new Date().toISOString().slice(0, 10));
  await page.getByRole('textbox', { name: 'Summary' }).fill(summary);
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText('draft v1', { exact: true })).toBeVisible();
  await screenshot(page, '03-blog-draft');

  const previewOpened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Preview on the shop' }).click();
  const preview = await previewOpened;
  await expect(preview.getByText(/Preview — not published/)).toBeVisible();
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(preview.getByText(summary).first()).toBeVisible();
  await screenshot(preview, '03-blog-preview');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Published/ })).toBeVisible();
  await page.goto('/de-de/blog');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await screenshot(page, '03-blog-published');
  acceptSignedOutSessionCheck(consoleErrors);
});

test('support ships an order with tracking, the customer sees it, and one line is refunded', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // A guest orders two products.
  const shopper = await browser.newPage();
  await addToCart(shopper, '/en-us/p/summit-pro-binding');
  await addToCart(shopper, '/en-us/p/vanta-mips-helmet');
  await shopper.goto('/en-us/checkout');
  const email = uniqueEmail('order');
  await fillAddress(shopper, { ...utah, email });
  await fillCard(shopper, '4242 4242 4242 4242');
  await placeOrder(shopper).click();
  await expect(shopper).toHaveURL(/\/en-us\/checkout\/confirmation\/\d+$/, PAYING);
  const orderNumber = shopper.url().split('/').at(-1)!;

  await signInToBackOffice(page, 'support');
  await openArea(page, 'Orders');
  await page.getByRole('search').getByLabel('Search').fill(orderNumber);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('link', { name: new RegExp(orderNumber) }).click();
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  const ship = page.getByRole('dialog', { name: 'Ship order' });
  await ship.getByLabel('Carrier').fill('UPS');
  await ship.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(ship).toBeHidden();
  await expect(page.getByText('Shipped', { exact: true }).first()).toBeVisible();
  await screenshot(page, '04-order-shipped');

  await shopper.goto(`/en-us/order-status?number=${orderNumber}&email=${encodeURIComponent(email)}`);
  await expect(shopper.getByText('1Z999AA10123456784')).toBeVisible();
  await screenshot(shopper, '04-customer-sees-tracking');

  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: 'Refund' });
  await refund.getByLabel('Quantity of Vanta MIPS Helmet').fill('1');
  await refund.getByLabel('Reason').fill('The helmet did not fit');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText(/Refunded|Partially refunded/).first()).toBeVisible();
  await screenshot(page, '04-line-refunded');
  acceptSignedOutSessionCheck(consoleErrors);
});

test('support creates a pro code, and a new pro signs up with it', async ({ page, browser, consoleErrors }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await signInToBackOffice(page, 'support');
  await openArea(page, 'Pro codes');
  await page.getByRole('link', { name: 'New pro code' }).click();
  const form = page.getByRole('form', { name: 'New pro code' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Use limit').fill('5');
  await form.getByRole('button', { name: 'Create pro code' }).click();
  await expect(page.getByRole('heading', { name: code })).toBeVisible();
  await screenshot(page, '05-pro-code-created');

  const pro = { firstName: 'Ines', lastName: 'Kogler', email: uniqueEmail('pro'), password: 'Pro-tour-2026!', code };
  const shopper = await browser.newPage();
  await createProAccount(shopper, pro);
  await screenshot(shopper, '05-pro-signed-up');

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: pro.email })).toBeVisible();
  await screenshot(page, '05-pro-code-used');
  acceptSignedOutSessionCheck(consoleErrors);
});

test('a merchandiser creates a coupon code and finds it in the promotions list', async ({ page, consoleErrors }) => {
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await signInToBackOffice(page, 'merchandiser');
  await openArea(page, 'Promotions');
  await page.getByRole('link', { name: 'New promotion' }).click();
  const form = page.getByRole('form', { name: 'New promotion' });
  await form.getByLabel('Name').fill('Autumn tune-up');
  await form.getByLabel('Coupon code').fill(code);
  await form.getByRole('button', { name: 'Create promotion' }).click();
  // A percentage promotion without its percentage is refused at the field, before any request.
  await expect(form.getByText('Enter the percentage off, from 1 to 100.').first()).toBeVisible();
  await form.getByLabel('Percent off').fill('15');
  await form.getByRole('group', { name: 'Regions' }).getByLabel('Europe', { exact: true }).check();
  await form.getByLabel('Use limit').fill('500');
  await form.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Autumn tune-up' })).toBeVisible();
  await screenshot(page, '06-promotion-editor');

  await openArea(page, 'Promotions');
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('15 % off');
  await expect(row).toContainText('Europe');
  await expect(row).toContainText('0 of 500');
  await expect(row).toContainText('Active');
  await screenshot(page, '06-promotions');
  acceptSignedOutSessionCheck(consoleErrors);
});
