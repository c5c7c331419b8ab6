import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { XSS_MARKER } from './xss-payloads';

/** Debian's Chromium, as the e2e journeys use it; never a downloaded browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Run in the page (a string, as the server's TypeScript knows no DOM): what a payload would
 * leave behind had it become markup, and whether any payload shows at all (as text or in a
 * field), so a page that drops its payloads cannot pass for one that escapes them.
 */
const PROBE = `(() => {
  const marker = ${JSON.stringify(XSS_MARKER)};
  const problems = [];
  // Where a javascript: URL would run; as text (a field's value, an alt, a meta) it is inert.
  const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster'];
  if (window.${XSS_MARKER} !== undefined) problems.push('a payload ran (window.${XSS_MARKER} is set)');
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (!attribute.value.includes(marker)) continue;
      if (name.startsWith('on')) problems.push('<' + element.localName + '> has the handler ' + name + ' from a payload');
      if (name === 'srcdoc' || (URL_ATTRIBUTES.includes(name) && /^\\s*javascript:/i.test(attribute.value))) {
        problems.push('<' + element.localName + '> has a live ' + name + ' from a payload');
      }
    }
    const isData = element.type === 'application/ld+json' || element.textContent.includes('__reactRouter');
    if (element.localName === 'script' && element.textContent.includes(marker) && !isData) {
      problems.push('a <script> element holds a payload');
    }
  }
  const fields = [...document.querySelectorAll('input, textarea')].map((field) => field.value);
  const shown = document.body.innerText.includes(marker) || fields.some((value) => value.includes(marker));
  return { problems, shown };
})()`;

/**
 * Opens a page as the shop serves it, hydration included, but without its Content-Security-
 * Policy: the policy would stop an injected script anyway, and the point is that the markup
 * itself never lets one in. Answers what is wrong, or nothing; with `shows`, a page on which no
 * payload shows is wrong too (it would prove nothing).
 */
export async function payloadProblems(
  context: BrowserContext,
  url: string,
  { shows }: { shows: boolean },
): Promise<string[]> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-security-policy'];
    return route.fulfill({ response, headers });
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    // The footer's no-script `returnTo` field goes once React has hydrated the page.
    await page
      .waitForFunction('!document.querySelector(\'input[name="returnTo"]\')', null, { timeout: 15_000 })
      .catch(() => errors.push('the page did not hydrate'));
    const { problems, shown } = (await page.evaluate(PROBE)) as { problems: string[]; shown: boolean };
    return [...problems, ...(shown || !shows ? [] : ['no payload shows on the page']), ...errors];
  } finally {
    await page.close();
  }
}
