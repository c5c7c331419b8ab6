import type { Page } from '@playwright/test';
import { cardElement, fillAddress, utah } from './checkout-form';
import { expect, test } from './console-errors';

/**
 * Pages allow their inline scripts by SHA-256 (docs/security.md 'Content-Security-Policy'): the
 * same page, and policy, for every visitor, so a shared cache may keep both. These journeys
 * check it where it counts, in the browser: the page's own inline scripts run, and an inline
 * script the page was not rendered with does not.
 */

/** Whether the page's inline scripts ran: the `js` class and React Router's module loader. */
const inlineScriptsRan = (page: Page) =>
  page.evaluate(() => ({
    jsClass: document.documentElement.classList.contains('js'),
    routeModules: typeof (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules,
  }));

test('home, a product page and the checkout run their inline scripts under a policy of hashes, with no violation', async ({
  page,
}) => {
  for (const path of ['/', '/en-us/p/horizon-magnetic-lens']) {
    const response = await page.goto(path);
    const policy = (await response!.headerValue('content-security-policy')) ?? '';
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
    expect(policy).not.toContain('nonce');
    expect(await response!.text()).not.toMatch(/<script\b[^>]*\snonce=/);
    await expect.poll(() => inlineScriptsRan(page)).toEqual({ jsClass: true, routeModules: 'object' });
  }
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Added to cart');
  await page.goto('/en-us/checkout');
  await expect.poll(() => inlineScriptsRan(page)).toEqual({ jsClass: true, routeModules: 'object' });
  // The payment provider's card element is framed from its own origin, as the checkout's policy allows.
  await fillAddress(page, utah);
  await expect(cardElement(page).locator('[autocomplete="cc-number"]')).toBeVisible();
});

test('an inline script the page was not rendered with is refused, and the refusal fails a journey', async ({
  page,
  consoleErrors,
}) => {
  // As an injection would: the same answer, headers and policy, with one more inline script.
  await page.route('**/en-us/p/horizon-magnetic-lens', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    const body = (await response.text()).replace('</body>', '<script>window.injected = true</script></body>');
    await route.fulfill({ response, headers, body });
  });
  await page.goto('/en-us/p/horizon-magnetic-lens');
  await expect.poll(() => inlineScriptsRan(page)).toEqual({ jsClass: true, routeModules: 'object' });
  expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();

  const refusals = consoleErrors.filter((error) => /Content.Security.Policy/i.test(error));
  expect(refusals.some((error) => /refused inline \(script-src-elem\)/.test(error))).toBe(true);
  // The journey's point: those refusals, and only they, leave the page's errors.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !refusals.includes(error)));
});
