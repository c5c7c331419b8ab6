import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPagesApp } from '../../test/support/app-harness';

let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;

// No TAG_MANAGER_ID: the shop sets only necessary cookies, and its footer offers no "Cookie settings".
beforeAll(async () => {
  harness = await createSeededPagesApp({});
});
afterAll(() => harness.close());

/** A page's rendered markup, without the loader data after it (which holds every display text). */
const markup = (body: string) => body.slice(0, body.indexOf('window.__reactRouterContext'));

describe('the cookie settings page without a tag manager', () => {
  it('says the shop uses only necessary cookies, and points to no footer link that is not there', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/en-us/consent' });
    expect(response.statusCode).toBe(200);
    const html = markup(response.body);
    expect(html).toContain('It sets no analytics or marketing cookies, so there is nothing to choose.');
    expect(html).not.toContain('at the foot of every page');
    expect(html).not.toContain('name="decision"');
  });

  it('says it in German too', async () => {
    const html = markup((await harness.app.inject({ method: 'GET', url: '/de-de/consent' })).body);
    expect(html).toContain('Er setzt keine Analyse- oder Marketing-Cookies, daher gibt es nichts auszuwählen.');
  });
});
