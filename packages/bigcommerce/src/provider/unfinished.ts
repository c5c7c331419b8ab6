import { DomainError } from '@piste/core';

/** A part of the provider still being written: every call answers 503 rather than pretending. */
export function unfinished<T extends object>(part: string): T {
  return new Proxy({} as T, {
    get: (_target, name) => () =>
      Promise.reject(new DomainError('UNAVAILABLE', `BigCommerce ${part}.${String(name)} is not connected yet.`)),
  });
}
