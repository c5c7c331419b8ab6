import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin-path';

describe('sameOriginPath', () => {
  it.each(['/', '/account', '/de-de/account/orders?page=2', '/p/summit-pro-binding#specs'])('keeps %s', (path) => {
    expect(sameOriginPath(path)).toBe(path);
  });

  it.each([
    ['/p/ski bag', '/p/ski%20bag'],
    ['/de-de/suche?q=Skibrille grün', '/de-de/suche?q=Skibrille%20gr%C3%BCn'],
    ['/p/\u{10FFFF}', '/p/%F4%8F%BF%BF'],
    ['/p/\uD800', '/p/%EF%BF%BD'],
  ])('encodes %j as a Location header can carry it', (path, encoded) => {
    expect(sameOriginPath(path)).toBe(encoded);
  });

  it.each([
    null,
    '',
    'account',
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '/account\\..',
    'javascript:alert(1)',
    '/account\nLocation: https://evil.example',
    '/account\u007f',
    '/.//evil.example/',
    '/a/..//evil.example/',
  ])('refuses %j', (path) => {
    expect(sameOriginPath(path)).toBeNull();
  });
});
