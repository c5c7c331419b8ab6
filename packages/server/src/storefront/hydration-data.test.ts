import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPagesApp } from '../../test/support/app-harness';

/**
 * What a page hands the browser to hydrate with (docs/decisions/029-e-hydration-data.md): its
 * loaders' data, without the display-text dictionary, which is a module of its own per locale.
 */

let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;

beforeAll(async () => {
  harness = await createSeededPagesApp();
});
afterAll(() => harness.close());

const PRODUCT_PATH = '/en-us/p/summit-pro-binding';
/** Issue 29's budget for the product page's hydration data. */
const HYDRATION_DATA_BUDGET_BYTES = 20 * 1024;
/** A label of the account pages' forms, which no product page shows. */
const ACCOUNT_ONLY_LABEL = 'A pro code has only letters, digits and dashes.';

async function get(url: string) {
  const response = await harness.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response;
}

/** The loader data as the browser's router decodes it: the strings React Router's inline scripts enqueue. */
function hydrationData(html: string): string {
  const chunks = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)];
  expect(chunks.length).toBeGreaterThan(0);
  return chunks.map((chunk) => JSON.parse(chunk[1]!) as string).join('');
}

/**
 * The dictionary module the page's head preloads (held until the largest image has painted,
 * decision 029-h), as the browser's entry finds it.
 */
function dictionaryHref(html: string): string {
  const href = /<link rel="modulepreload-after-paint" href="([^"]+)" data-display-texts=""/.exec(html)?.[1];
  expect(href).toMatch(/^\/display-texts\/[a-z-]+\.[\w-]+\.js$/);
  return href!;
}

async function dictionaryAt(href: string): Promise<Record<string, string>> {
  const response = await get(href);
  expect(response.headers['content-type']).toMatch(/^text\/javascript/);
  return JSON.parse(/^export default (.*);\n$/s.exec(response.body)![1]!) as Record<string, string>;
}

describe('the product page’s hydration data', () => {
  it('stays within its budget and leaves the display-text dictionary out', async () => {
    const html = (await get(PRODUCT_PATH)).body;
    const data = hydrationData(html);
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(HYDRATION_DATA_BUDGET_BYTES);
    expect(data).not.toContain(ACCOUNT_ONLY_LABEL);
    // What the page renders from its data is still there: the product and its related cards.
    expect(data).toContain('Summit Pro Binding');
    expect(data).toContain('PST-BND-SUMMIT-PRO-01-S');
  });

  it('names the locale’s dictionary, which holds the labels the page shows in its language', async () => {
    const html = (await get('/de-de/p/summit-pro-binding')).body;
    const href = dictionaryHref(html);
    const dictionary = await dictionaryAt(href);
    // The browser renders the same words as the server did: the German label on the page is the dictionary's.
    expect(dictionary['add to cart']).toBe('In den Warenkorb');
    expect(html).toContain('In den Warenkorb');
    expect(Object.keys(dictionary).length).toBeGreaterThan(100);
  });

  it('is named by locale and content, so each version has a URL of its own, which browsers keep for good', async () => {
    const href = dictionaryHref((await get(PRODUCT_PATH)).body);
    expect(dictionaryHref((await get(PRODUCT_PATH)).body)).toBe(href);
    expect(dictionaryHref((await get('/de-de/p/summit-pro-binding')).body)).not.toBe(href);
    // Signed in or not, a visitor's browser and a CDN may keep the module: its name changes with it.
    const visitors: Record<string, string>[] = [{}, { piste_session: 'anything' }];
    for (const cookies of visitors) {
      const response = await harness.app.inject({ method: 'GET', url: href!, cookies });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers 404 for a dictionary name it does not serve', async () => {
    for (const url of ['/display-texts/zz-zz.abc.js', '/display-texts/en-us.not-the-hash.js']) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('a client navigation', () => {
  it('gets the next page’s data without a dictionary: the one the first page named has every label', async () => {
    const href = dictionaryHref((await get(PRODUCT_PATH)).body);
    const data = (await get('/en-us/c/goggles.data?_routes=routes%2Fcategory')).body;
    expect(data).toContain('goggles');
    expect(data).not.toContain(ACCOUNT_ONLY_LABEL);
    const dictionary = await dictionaryAt(href);
    // The category page's own labels (its sort, filter and page controls) are in the locale's dictionary.
    for (const label of ['sort by', 'clear filters', 'next page']) expect(dictionary, label).toHaveProperty([label]);
  });
});
