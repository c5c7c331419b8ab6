import { DomainError } from '@piste/core';
import type { CouponRefusal } from './promotion-contract';

/** What a refusal's message may quote besides the code. */
export interface CouponRefusalDetails {
  /** The minimum order, formatted in the cart's currency (COUPON_BELOW_MINIMUM). */
  minimum?: string;
  /** The code already on the cart (COUPON_ALREADY_APPLIED). */
  applied?: string;
  /** The shopper used their share of it (COUPON_USED_UP per customer). */
  byThisCustomer?: boolean;
}

/**
 * The message naming the code for each refusal (issue 28 §2: "a refused code is a 4xx whose
 * message says why, naming the code"). The storefront words them in the shopper's language by
 * the error's code, with the same values.
 */
export function couponRefusalMessage(reason: CouponRefusal, code: string, details: CouponRefusalDetails = {}): string {
  switch (reason) {
    case 'COUPON_UNKNOWN':
      return `There is no promotion with the code ${code}.`;
    case 'COUPON_EXPIRED':
      return `The code ${code} has expired.`;
    case 'COUPON_NOT_STARTED':
      return `The code ${code} is not valid yet.`;
    case 'COUPON_USED_UP':
      return details.byThisCustomer ? `You have already used the code ${code}.` : `The code ${code} has been used up.`;
    case 'COUPON_NOT_IN_REGION':
      return `The code ${code} is not valid in this region.`;
    case 'COUPON_BELOW_MINIMUM':
      return `The code ${code} needs an order of at least ${details.minimum}.`;
    case 'COUPON_NOT_ELIGIBLE':
      return `The code ${code} does not apply to the items in your cart.`;
    case 'COUPON_ALREADY_APPLIED':
      return `The code ${code} cannot be combined with the code ${details.applied}: remove that one first.`;
  }
}

/**
 * The refusal as the API answers it (docs/promotions.md 'API'): an unknown code is a 404, every
 * other refusal a 422, each with its reason as the error's code.
 */
export function couponRefused(reason: CouponRefusal, code: string, details: CouponRefusalDetails = {}): DomainError {
  const values: Record<string, string> = { code };
  if (details.minimum !== undefined) values.minimum = details.minimum;
  if (details.applied !== undefined) values.applied = details.applied;
  return new DomainError(
    reason === 'COUPON_UNKNOWN' ? 'NOT_FOUND' : 'UNPROCESSABLE',
    couponRefusalMessage(reason, code, details),
    reason,
    values,
  );
}
