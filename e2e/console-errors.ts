import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';

/**
 * Chromium logs a failed load for a document served with an error status. For an error page
 * that status is the point, so that one message is not an error of the page.
 */
function isOwnDocumentStatus(message: ConsoleMessage, page: Page): boolean {
  return message.text().startsWith('Failed to load resource') && message.location().url === page.url();
}

const TAG_MANAGER_SCRIPT = /^https:\/\/www\.googletagmanager\.com\/gtm\.js\?/;

/**
 * Waits until the page has hydrated (`data-interactive` on `<html>`), as a shopper's click is
 * only answered from then on: a page's scripts start after its largest image has painted
 * (docs/decisions/029-h), which may be after the load event `goto` waits for. A document that
 * holds no scripts (an API answer, an image) is ready as it is.
 */
export function untilInteractive(page: Page) {
  return page.waitForFunction(
    () =>
      document.documentElement.hasAttribute('data-interactive') ||
      !document.querySelector('script[type="module-after-paint"]'),
  );
}

/** Every e2e test fails on a console error or an uncaught exception in the page. */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await untilInteractive(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await untilInteractive(page);
        return response;
      };
    }
    await provide(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !isOwnDocumentStatus(message, page)) {
          errors.push(`${message.text()} (${message.location().url})`);
        }
      });
      page.on('pageerror', (error) => {
        // Chromium gives up a view transition whose page took over 4 s to update, and rejects
        // its promise; the navigation itself completes. Only a machine as busy as a full run's
        // makes an update that slow.
        if (!error.message.startsWith('Transition was aborted because of timeout in DOM update'))
          errors.push(error.message);
      });
      // Chromium logs a script, style or frame the page's Content-Security-Policy refuses; the
      // page's own report of it is recorded too, so that no refusal can go unnoticed. Not eval:
      // the policy refuses it by design, and zod's probe for it (a `new Function` in a
      // try/catch, on the checkout page) is refused and carries on; code needing it would throw.
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) => {
          if (event.blockedURI !== 'eval')
            console.error(`Content-Security-Policy refused ${event.blockedURI} (${event.effectiveDirective})`);
        }),
      );
      // No internet in e2e: the tag manager's container (loaded once cookies are accepted) is an
      // empty script, served after the page's CSP has allowed it.
      await page.route(TAG_MANAGER_SCRIPT, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A form the server refuses (400 invalid, 401 wrong password, 409 taken) answers its data
 * request with that status, which Chromium logs as a failed load. Those are the journey's
 * point; this removes them, and only them, from the page's errors.
 */
export function acceptRefusedForms(consoleErrors: string[]): void {
  const refused = /status of (400|401|403|409) .*\.data(\?|\))/;
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !refused.test(error)));
}
