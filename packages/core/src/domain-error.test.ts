import { describe, expect, it } from 'vitest';
import { DomainError, HTTP_STATUS_BY_KIND, isDomainError } from './domain-error';

describe('isDomainError', () => {
  it.each([
    ['a domain error', new DomainError('NOT_FOUND', 'gone'), undefined, true],
    ['of the asked kind', new DomainError('NOT_FOUND', 'gone'), 'NOT_FOUND', true],
    ['of another kind', new DomainError('CONFLICT', 'taken'), 'NOT_FOUND', false],
    ['a plain error', new Error('boom'), undefined, false],
    ['not an error', { name: 'DomainError', kind: 'NOT_FOUND' }, 'NOT_FOUND', false],
  ] as const)('%s', (_name, error, kind, expected) => {
    expect(isDomainError(error, kind)).toBe(expected);
  });

  it('recognises a DomainError from another copy of the module by its name', () => {
    const foreign = Object.assign(new Error('gone'), { name: 'DomainError', kind: 'NOT_FOUND' });
    expect(isDomainError(foreign, 'NOT_FOUND')).toBe(true);
  });
});

describe('HTTP_STATUS_BY_KIND', () => {
  it('gives every kind its HTTP status', () => {
    expect(HTTP_STATUS_BY_KIND).toEqual({
      INVALID_DATA: 400,
      UNAUTHORIZED: 401,
      NOT_ALLOWED: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      UNPROCESSABLE: 422,
      RATE_LIMITED: 429,
      UNAVAILABLE: 503,
    });
  });
});
