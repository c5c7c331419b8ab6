import { DomainError } from '@piste/core';
import { BigCommerceError } from '../../client/bigcommerce-error';

/**
 * Runs a call whose 404 means "no such record": answered as the embedded engine's NOT_FOUND
 * (same message), while every other failure keeps BigCommerce's kind (503 for outages).
 */
export async function orNotFound<T>(call: () => Promise<T>, message: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BigCommerceError && error.status === 404) throw new DomainError('NOT_FOUND', message);
    throw error;
  }
}
