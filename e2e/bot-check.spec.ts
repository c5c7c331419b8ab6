import { acceptRefusedForms, expect, test } from './console-errors';
import { asNewVisitor } from './visitors';

/** The demo shopper of data/seed/commerce/customers.json. */
const SHOPPER = { email: 'shopper@piste.test', password: 'piste-demo-shopper' };

test.describe('the bot check', () => {
  test.beforeEach(({ page }) => asNewVisitor(page));

  test('proves itself while the sign-in form is filled in, then lets the shopper in', async ({ page }) => {
    await page.goto('/en-us/account');
    const main = page.getByRole('main');
    // The proof of work runs by itself while the shopper types: they never tick the box, and
    // the finished check leaves the focus where they are typing.
    await main.getByLabel('Email').fill(SHOPPER.email);
    // Up to 15 s: this may be the first page of a server that has just started, where the
    // challenge and the worker's script wait behind the header's first prefetches.
    await expect(main.getByText('Checked: you are not a robot')).toBeVisible({ timeout: 15_000 });
    await expect(main.getByLabel('Email')).toBeFocused();
    await main.getByLabel('Password').fill(SHOPPER.password);
    await main.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/en-us\/account$/);
    await expect(main.getByRole('heading', { level: 1 })).toContainText('Sam');
  });

  test('holds a quick submission until the check is done, and starts a new check after each answer', async ({
    page,
    consoleErrors,
  }) => {
    // A slow challenge: the shopper clicks before the proof of work can have finished.
    await page.route('**/api/bot-protection/challenge?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/en-us/account');
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(SHOPPER.email);
    await main.getByLabel('Password').fill('not the password');
    await main.getByRole('button', { name: 'Sign in' }).click();
    await expect(main.getByText('The email or password is incorrect.').first()).toBeVisible();

    // The refused sign-in used its token; the next try earns a new one and gets in.
    await main.getByLabel('Password').fill(SHOPPER.password);
    await main.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/en-us\/account$/);
    acceptRefusedForms(consoleErrors);
  });

  test('fails closed with a clear message when the check cannot load', async ({ page, consoleErrors }) => {
    await page.route('**/api/bot-protection/challenge?*', (route) => route.abort());
    await page.goto('/en-us/account/create');
    const main = page.getByRole('main');
    await expect(main.getByText('The robot check failed. Try again.')).toBeVisible();
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()));
    await main.getByLabel('First name').fill('Robin');
    await main.getByRole('button', { name: 'Create account' }).click();
    // The click asks the widget to try again, which fails again: nothing is sent, and the form
    // stays as typed.
    await expect(main.getByRole('checkbox', { name: 'I am not a robot' })).not.toBeChecked();
    await expect(page).toHaveURL(/\/en-us\/account\/create$/);
    expect(posts).toEqual([]);
    await expect(main.getByLabel('First name')).toHaveValue('Robin');
    // The aborted challenge requests are the point of this test.
    const aborted = consoleErrors.filter((error) => /bot-protection\/challenge|ERR_FAILED/.test(error));
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !aborted.includes(error)));
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a protected form says what it needs, and the server refuses it without losing what was typed', async ({
    page,
  }) => {
    await asNewVisitor(page);
    await page.goto('/en-us/account');
    const main = page.getByRole('main');
    await expect(
      main.getByText('Turn on JavaScript to send this form: it checks that you are not a robot.'),
    ).toBeVisible();
    await expect(main.getByText('Checking that you are not a robot…')).toBeHidden();
    await main.getByLabel('Email').fill(SHOPPER.email);
    await main.getByLabel('Password').fill(SHOPPER.password);
    await main.getByRole('button', { name: 'Sign in' }).click();
    await expect(main.getByText(/could not confirm that you are not a robot/).first()).toBeVisible();
    await expect(main.getByLabel('Email')).toHaveValue(SHOPPER.email);
  });
});
