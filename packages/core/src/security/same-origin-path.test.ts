import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin-path';

describe('sameOriginPath', () => {
  it.each(['/', '/account', '/de-de/account/orders?page=2', '/p/summit-pro-binding#specs'])('keeps %s', (path) => {
    expect(sameOriginPath(path)).toBe(path);
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
  ])('refuses %j', (path) => {
    expect(sameOriginPath(path)).toBeNull();
  });
});
