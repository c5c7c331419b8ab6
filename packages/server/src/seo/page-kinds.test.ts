import { describe, expect, it } from 'vitest';
import { pageKindOf } from './page-kinds';

describe('pageKindOf', () => {
  it.each([
    ['/', { kind: 'everywhere' }],
    ['', { kind: 'everywhere' }],
    ['/blog', { kind: 'everywhere' }],
    ['/blog/gear-guides', { kind: 'everywhere' }],
    ['/c/goggles/spherical', { kind: 'everywhere' }],
    ['/p/vanta-mips-helmet', { kind: 'product', uid: 'vanta-mips-helmet' }],
    ['/blog/p/first-tracks', { kind: 'entry', contentType: 'blog', url: '/first-tracks' }],
    ['/support/returns', { kind: 'entry', contentType: 'support', url: '/returns' }],
    ['/l/park-season', { kind: 'entry', contentType: 'landing_page', url: '/park-season' }],
    ['/about', { kind: 'entry', contentType: 'page', url: '/about' }],
    ['/pro', { kind: 'entry', contentType: 'page', url: '/pro' }],
    ['/account/orders', { kind: 'private' }],
    ['/cart', { kind: 'private' }],
    ['/checkout/confirmation/1', { kind: 'private' }],
    ['/search', { kind: 'private' }],
    ['/proclub', { kind: 'private' }],
    ['/pro/signup', { kind: 'private' }],
    ['/p/a/b', { kind: 'unknown' }],
    ['/about/%3Cx%3E', { kind: 'unknown' }],
  ])('%s', (path, kind) => {
    expect(pageKindOf(path)).toEqual(kind);
  });
});
