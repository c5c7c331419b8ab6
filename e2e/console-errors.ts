import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';

/**
 * Chromium logs a failed load for a document served with an error status. For an error page
 * that status is the point, so that one message is not an error of the page.
 */
function isOwnDocumentStatus(message: ConsoleMessage, page: Page): boolean {
  return message.text().startsWith('Failed to load resource') && message.location().url === page.url();
}

/** Every e2e test fails on a console error or an uncaught exception in the page. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !isOwnDocumentStatus(message, page)) {
          errors.push(`${message.text()} (${message.location().url})`);
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
