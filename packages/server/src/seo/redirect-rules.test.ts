import { describe, expect, it } from 'vitest';
import { compileRedirects, MAX_REDIRECT_HOPS, redirectKey, resolveRedirect } from './redirect-rules';

function rules(...entries: Array<[from: string, to: string, permanent?: boolean]>) {
  return compileRedirects(entries.map(([from, to, permanent], index) => ({ uid: `r${index}`, from, to, permanent })));
}

const request = (path: string, locale = 'de-de', search = '') => ({ locale, path, search });

describe('compileRedirects', () => {
  it('refuses paths with a locale, the home page, non-paths and unsafe targets, naming the entry', () => {
    const compiled = rules(
      ['/de-de/c/old', '/c/new'],
      ['/', '/c/new'],
      ['c/old', '/c/new'],
      ['//evil.example', '/c/new'],
      ['/a', 'javascript:alert(1)'],
      ['/b', 'data:text/html,hi'],
      ['/c', '//evil.example/x'],
      ['/d', '/en-us/c/new'],
      ['/e', 'https://user:pass@example.com/'],
      ['/f', 'ftp://example.com/file'],
    );
    expect(compiled.byPath.size).toBe(0);
    expect(compiled.problems).toHaveLength(10);
    expect(compiled.problems[4]).toMatch(/^r4: "to" must be/);
  });

  it('keeps the first rule for a path and reports the second', () => {
    const compiled = rules(['/old', '/one'], ['/OLD/', '/two']);
    expect(compiled.byPath.get('/old')?.target).toEqual({ kind: 'internal', path: '/one', query: '' });
    expect(compiled.problems).toEqual(['r1: another redirect already starts at /OLD/']);
  });
});

describe('redirectKey', () => {
  it('matches case-insensitively and without a trailing slash', () => {
    expect(redirectKey('/C/Old-Goggles/')).toBe('/c/old-goggles');
    expect(redirectKey('/')).toBe('/');
    expect(redirectKey('/\\evil')).toBeNull();
  });
});

describe('resolveRedirect', () => {
  it('sends an internal path to the same locale with the request query; 301 when permanent', () => {
    expect(
      resolveRedirect(
        rules(['/c/snow-goggles', '/c/goggles', true]),
        request('/c/snow-goggles/', 'de-de', '?utm_source=x'),
      ),
    ).toEqual({
      action: 'redirect',
      location: '/de-de/c/goggles?utm_source=x',
      status: 301,
      external: false,
    });
  });

  it('is temporary (302) unless permanent, and en-us keeps its prefix except for the home page', () => {
    const compiled = rules(['/sale', '/l/park-season'], ['/gone', '/']);
    expect(resolveRedirect(compiled, request('/sale', 'en-us'))).toMatchObject({
      location: '/en-us/l/park-season',
      status: 302,
    });
    expect(resolveRedirect(compiled, request('/gone', 'en-us'))).toMatchObject({ location: '/' });
    expect(resolveRedirect(compiled, request('/gone', 'fr-fr'))).toMatchObject({ location: '/fr-fr' });
  });

  it("uses the rule's own query when it has one", () => {
    const compiled = rules(['/deals', '/c/goggles?sort=price-asc']);
    expect(resolveRedirect(compiled, request('/deals', 'it-it', '?a=1'))).toMatchObject({
      location: '/it-it/c/goggles?sort=price-asc',
    });
  });

  it('sends other sites to their absolute URL', () => {
    expect(
      resolveRedirect(rules(['/instagram', 'https://www.instagram.com/pistegear']), request('/instagram')),
    ).toEqual({
      action: 'redirect',
      location: 'https://www.instagram.com/pistegear',
      status: 302,
      external: true,
    });
  });

  it('collapses a chain into one redirect, permanent only when every hop is', () => {
    const compiled = rules(
      ['/park-2024', '/park', true],
      ['/park', '/l/park-season', false],
      ['/a', '/b', true],
      ['/b', '/c', true],
    );
    expect(resolveRedirect(compiled, request('/park-2024'))).toMatchObject({
      location: '/de-de/l/park-season',
      status: 302,
    });
    expect(resolveRedirect(compiled, request('/a'))).toMatchObject({ location: '/de-de/c', status: 301 });
  });

  it(`follows ${MAX_REDIRECT_HOPS} hops and refuses the ${MAX_REDIRECT_HOPS + 1}th`, () => {
    const chain = (hops: number) =>
      rules(
        ...Array.from(
          { length: hops },
          (_, index) => [`/hop-${index}`, `/hop-${index + 1}`, true] as [string, string, boolean],
        ),
      );
    expect(resolveRedirect(chain(MAX_REDIRECT_HOPS), request('/hop-0'))).toMatchObject({
      action: 'redirect',
      location: `/de-de/hop-${MAX_REDIRECT_HOPS}`,
    });
    expect(resolveRedirect(chain(MAX_REDIRECT_HOPS + 1), request('/hop-0'))).toEqual({
      action: 'too-many-redirects',
      hops: MAX_REDIRECT_HOPS + 1,
    });
  });

  it('refuses a loop, including a rule to itself', () => {
    expect(resolveRedirect(rules(['/x', '/y'], ['/y', '/x']), request('/x'))).toMatchObject({
      action: 'too-many-redirects',
    });
    expect(resolveRedirect(rules(['/self', '/SELF/']), request('/self'))).toMatchObject({
      action: 'too-many-redirects',
    });
  });

  it('leaves paths without a rule alone', () => {
    expect(resolveRedirect(rules(['/x', '/y']), request('/c/goggles'))).toEqual({ action: 'none' });
    expect(resolveRedirect(rules(['/x', '/y']), request('//x'))).toEqual({ action: 'none' });
  });
});
