import { describe, expect, it } from 'vitest';
import { data } from 'react-router';
import { translateWith } from '../../lib/display-text';
import { describeError, errorPageTitle, rawErrorText } from './error-status';

/** What a loader throws, as React Router hands it to the error boundary. */
function routeError(status: number, body: unknown = null) {
  const thrown = data(body, { status });
  return { status, statusText: '', internal: false, data: thrown.data };
}

describe('error page model (spec §2 "Error page")', () => {
  it.each([
    ['404', routeError(404), { status: 404, kind: 'not-found', productIds: [] }, 'Page Not Found | Piste'],
    [
      '410 with product ids',
      routeError(410, { productIds: ['summit-binding', 'ridge-helmet'] }),
      { status: 410, kind: 'product-unavailable', productIds: ['summit-binding', 'ridge-helmet'] },
      'Product Not Available | Piste',
    ],
    [
      '410 without data behaves as 404',
      routeError(410),
      { status: 404, kind: 'not-found', productIds: [] },
      'Page Not Found | Piste',
    ],
    [
      '410 with an empty id list behaves as 404',
      routeError(410, { productIds: [] }),
      { status: 404, kind: 'not-found', productIds: [] },
      'Page Not Found | Piste',
    ],
    [
      'a form refused for holding a card number says so',
      routeError(400, { ok: false, code: 'CARD_DATA_REFUSED', message: 'Card numbers are never sent to this shop' }),
      { status: 400, kind: 'card-refused', productIds: [] },
      'Page Not Found | Piste',
    ],
    [
      'another 400 broke',
      routeError(400, { ok: false, message: 'Send this form as a regular form submission.' }),
      { status: 400, kind: 'broken', productIds: [] },
      'Page Not Found | Piste',
    ],
    [
      'another status broke',
      routeError(503),
      { status: 503, kind: 'broken', productIds: [] },
      'Page Not Found | Piste',
    ],
    [
      'a thrown Error broke',
      new Error('boom'),
      { status: 500, kind: 'broken', productIds: [] },
      'Page Not Found | Piste',
    ],
  ])('%s', (_name, error, expected, title) => {
    const model = describeError(error);
    expect(model).toEqual(expected);
    expect(errorPageTitle(model, translateWith({}))).toBe(title);
  });

  it('names the error page in the page’s language', () => {
    const german = translateWith({ 'page not found': 'Seite nicht gefunden' });
    expect(errorPageTitle(describeError(data(null, { status: 404 })), german)).toBe('Seite nicht gefunden | Piste');
    // English keeps spec §2's title case though the heading's display text is "Page not found".
    const english = translateWith({ 'page not found': 'Page not found' });
    expect(errorPageTitle(describeError(data(null, { status: 404 })), english)).toBe('Page Not Found | Piste');
  });

  it('carries the error page content of a 410', () => {
    const errorPage = {
      copy: null,
      products: [{ uid: 'ridge-helmet', title: 'Ridge Helmet' }],
      currency: null,
      language: 'de',
    };
    const model = describeError(routeError(410, { productIds: ['gone'], errorPage }));
    expect(model.errorPage).toEqual(errorPage);
  });

  it('keeps only string product ids', () => {
    expect(describeError(routeError(410, { productIds: ['a', 7, null, 'b'] })).productIds).toEqual(['a', 'b']);
  });
});

describe('rawErrorText (spec §2 "The raw error is shown only in the development environment")', () => {
  it("is an unmatched route's message (spec §8 'Page Not Found: {path}')", () => {
    expect(rawErrorText(routeError(404, 'Page Not Found: /de-de/no-such-page'))).toBe(
      'Page Not Found: /de-de/no-such-page',
    );
  });

  it("is an exception's stack, and nothing for a route error without a message", () => {
    const error = new Error('boom');
    expect(rawErrorText(error)).toBe(error.stack);
    expect(rawErrorText(routeError(410, { productIds: ['x'] }))).toBeNull();
  });
});
