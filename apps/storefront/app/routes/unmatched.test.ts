import { describe, expect, it } from 'vitest';
import { loader } from './unmatched';

/** What the loader throws for a request to `url` with the route's `params`. */
function thrownBy(url: string, params: Record<string, string>): unknown {
  try {
    loader({ request: new Request(url), params } as unknown as Parameters<typeof loader>[0]);
  } catch (thrown) {
    return thrown;
  }
  throw new Error('the loader did not throw');
}

describe('unmatched route loader', () => {
  it("answers 404 'Page Not Found: {path}' (spec §8 'Invalid or unmatched route')", () => {
    const error = thrownBy('http://shop.test/de-de/no/such/page?x=1', { lang: 'de-de', '*': 'no/such/page' });
    expect(error).toMatchObject({ data: 'Page Not Found: /de-de/no/such/page', init: { status: 404 } });
  });

  it("names the page, not the client navigation's data request", () => {
    const error = thrownBy('http://shop.test/de-de/no/such/page.data?_routes=lang-unmatched', {
      lang: 'de-de',
      '*': 'no/such/page',
    });
    expect(error).toMatchObject({ data: 'Page Not Found: /de-de/no/such/page', init: { status: 404 } });
  });

  it('sends a wildcard path ending in time-for-the-reset to the home page', () => {
    const response = thrownBy('http://shop.test/de-de/winter/time-for-the-reset', {
      lang: 'de-de',
      '*': 'winter/time-for-the-reset',
    });
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get('location')).toBe('/de-de');
  });
});
