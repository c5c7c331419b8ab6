import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPagesApp } from '../../test/support/app-harness';
import { expectedScriptHashes, policyScriptHashes } from '../../test/support/page-policy';

/** The storefront's client build, whose stylesheet the pages carry (npm run build first). */
const CLIENT_BUILD = new URL('../../../../apps/storefront/build/client', import.meta.url).pathname;

let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;

beforeAll(async () => {
  harness = await createSeededPagesApp();
});
afterAll(() => harness.close());

async function headOf(url: string): Promise<string> {
  const response = await harness.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.body.slice(0, response.body.indexOf('</head>'));
}

// docs/decisions/029-d-critical-css.md: the first paint needs only the HTML and the LCP image.
describe.each(['/', '/en-us/c/helmets', '/en-us/p/summit-pro-binding', '/en-us/search?q=helmet'])(
  'the head of %s',
  (url) => {
    it('carries the whole built stylesheet inline, ahead of every script, and links no stylesheet', async () => {
      const head = await headOf(url);
      const inline =
        /<style data-precedence="default" data-href="(\/assets\/style-[\w-]+\.css)">([\s\S]*?)<\/style>/.exec(head);
      expect(inline, 'an inline stylesheet').not.toBeNull();
      const [whole, href, css] = inline!;
      expect(css).toBe(readFileSync(`${CLIENT_BUILD}${href}`, 'utf8'));
      expect(head).not.toMatch(/<link[^>]*rel="(stylesheet|preload)"[^>]*\.css/);
      const firstScript = head.search(/<link rel="modulepreload-after-paint"|<script[^>]*src=/);
      expect(firstScript).toBeGreaterThan(head.indexOf(whole));
    });

    it('holds back every script until the largest image has painted, allowed by its hash when it runs', async () => {
      const response = await harness.app.inject({ method: 'GET', url });
      const head = response.body.slice(0, response.body.indexOf('</head>'));
      // Nothing the browser would fetch or run as a module before the starter says so.
      expect(response.body).not.toMatch(/<link rel="modulepreload"|<script type="module"/);
      expect(head.match(/<link rel="modulepreload-after-paint" href="\/[^"]+\.js"/g)?.length).toBeGreaterThan(2);
      const held = /<script type="module-after-paint"[^>]*>([\s\S]*?)<\/script>/.exec(response.body);
      expect(held?.[1]).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
      // Started as a module script of the same text: the page's policy names that text.
      expect(policyScriptHashes(String(response.headers['content-security-policy']))).toContain(
        expectedScriptHashes(held![0])[0],
      );
      // The starter (its selectors for what it turns back) comes after the module script it starts.
      const starter = response.body.indexOf(`'link[rel="modulepreload-after-paint"]'`);
      expect(starter).toBeGreaterThan(held!.index);
      expect(response.body.indexOf(`'script[type="module-after-paint"]'`)).toBeGreaterThan(starter);
    });
  },
);

describe('the LCP image', () => {
  it('is the one image of the product page asked for at high priority', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/en-us/p/summit-pro-binding' });
    const urgent = response.body.match(/<img[^>]*fetchPriority="high"[^>]*>/gi) ?? [];
    expect(urgent).toHaveLength(1);
    expect(urgent[0]).toMatch(/alt="[^"]*view 1 of/);
  });
});
