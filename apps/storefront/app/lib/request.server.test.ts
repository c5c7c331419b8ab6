import { describe, expect, it } from 'vitest';
import { readCookie, refuseCrossSitePost } from './request.server';

const request = (headers: Record<string, string>) => new Request('https://shop.example/en-us/cart', { headers });

describe('readCookie', () => {
  it('finds a cookie by name among several, keeping any = in its value', () => {
    const cookies = request({ cookie: 'piste_consent=1; piste_cart=abc.def=; other=x' });
    expect(readCookie(cookies, 'piste_cart')).toBe('abc.def=');
    expect(readCookie(cookies, 'piste_consent')).toBe('1');
  });

  it('is null for a missing cookie or no cookie header', () => {
    expect(readCookie(request({ cookie: 'other=x' }), 'piste_cart')).toBeNull();
    expect(readCookie(request({}), 'piste_cart')).toBeNull();
  });
});

describe('refuseCrossSitePost', () => {
  it('throws a 403 for a post from another site', () => {
    let thrown: unknown;
    try {
      refuseCrossSitePost(request({ 'sec-fetch-site': 'cross-site' }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      data: { ok: false, message: 'This form was sent from another site, so nothing changed.' },
      init: { status: 403 },
    });
  });

  it('lets same-origin, same-site and header-less posts through', () => {
    for (const site of ['same-origin', 'same-site', 'none']) {
      expect(() => refuseCrossSitePost(request({ 'sec-fetch-site': site }))).not.toThrow();
    }
    expect(() => refuseCrossSitePost(request({}))).not.toThrow();
  });
});
