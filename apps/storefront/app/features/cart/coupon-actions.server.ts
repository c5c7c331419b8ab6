import { COUPON_REFUSALS, type CouponRefusal, type ShopperContext } from '@piste/commerce';
import { HTTP_STATUS_BY_KIND, isDomainError, type DomainError } from '@piste/core';
import type { LoadContextOf } from '@piste/server/load-context';
import { changeCart, type CartReads } from './cart-session.server';
import { MAX_COUPON_LENGTH, type CouponAnswer } from './cart-view';

/** The shopper's words for each refusal reason of PromotionService.applyCoupon (issue 28 'Promotions'). */
const REFUSAL_MESSAGES: Record<CouponRefusal, string> = {
  COUPON_UNKNOWN: 'The code {code} is not a valid discount code.',
  COUPON_EXPIRED: 'The code {code} has expired.',
  COUPON_NOT_STARTED: 'The code {code} is not valid yet.',
  COUPON_USED_UP: 'The code {code} can no longer be used.',
  COUPON_NOT_IN_REGION: 'The code {code} is not valid in this region.',
  COUPON_BELOW_MINIMUM: 'The code {code} needs an order of at least {amount}.',
  COUPON_NOT_ELIGIBLE: 'The code {code} does not apply to your account or the items in your cart.',
  COUPON_ALREADY_APPLIED: 'Your cart already has a discount code. Remove it to use {code}.',
};

const REFUSAL_ANSWER_OF_UNKNOWN = { form: 'coupon', ok: false, message: REFUSAL_MESSAGES.COUPON_UNKNOWN } as const;

const isRefusal = (code: string): code is CouponRefusal => (COUPON_REFUSALS as readonly string[]).includes(code);

// Control characters are refused by the coupon call too; asking first keeps the answer in the shopper's words.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The promotions service: our own commerce engine's (BigCommerce's hosted checkout takes codes itself). */
export type PromotionReads = CartReads & LoadContextOf<'embeddedOnly'>;

/**
 * A refusal of the promotions service in the shopper's words, by its reason (the error's code);
 * the minimum of COUPON_BELOW_MINIMUM comes written in the cart's currency. Null for any other error.
 */
export function couponRefusal(error: unknown, typed: string): CouponAnswer | null {
  if (!isDomainError(error) || !isRefusal(error.code)) return null;
  const reason = error.code;
  const code = typed.trim();
  const amount = error.values?.minimum ?? '';
  return { form: 'coupon', ok: false, message: REFUSAL_MESSAGES[reason], values: { code, amount }, typed };
}

/** The typed code's problem before any service is asked: empty, too long, or holding control characters. */
export function couponInputProblem(typed: string): CouponAnswer | null {
  const code = typed.trim();
  if (code === '') return { form: 'coupon', ok: false, message: 'Enter a discount code.', typed };
  if (code.length > MAX_COUPON_LENGTH || CONTROL_CHARACTERS.test(code)) {
    return {
      form: 'coupon',
      ok: false,
      message: 'A discount code has at most {max} characters.',
      values: { max: MAX_COUPON_LENGTH },
      typed,
    };
  }
  return null;
}

/**
 * The coupon forms' two intents on the session's cart: `apply-coupon` (field `coupon_code`) and
 * `remove-coupon` (field `code`, the applied code). The service trims and matches codes
 * case-insensitively; refusals come back as answers with a 4xx status, never as error pages.
 */
export async function changeCoupon(
  context: PromotionReads,
  request: Request,
  shopper: ShopperContext,
  form: FormData,
): Promise<{ answer: CouponAnswer; status: number }> {
  const remove = form.get('intent') === 'remove-coupon';
  const field = form.get(remove ? 'code' : 'coupon_code');
  const typed = typeof field === 'string' ? field : '';
  const problem = couponInputProblem(typed);
  if (problem) return { answer: problem, status: 400 };
  const code = typed.trim();
  const promotions = context.services.embeddedOnly?.promotions;
  if (!promotions) {
    return {
      answer: { form: 'coupon', ok: false, message: 'Discount codes cannot be used in this shop.', typed },
      status: 409,
    };
  }
  let applied = code;
  try {
    const { cart } = await changeCart(context, request, (cartId, access) =>
      remove
        ? promotions.removeCoupon(shopper, cartId, access, code)
        : promotions.applyCoupon(shopper, cartId, access, code),
    );
    // The code as the merchant wrote it (`welcome10` applies WELCOME10).
    if (!remove)
      applied = cart?.coupons.find((coupon) => coupon.code.toLowerCase() === code.toLowerCase())?.code ?? code;
  } catch (error) {
    if (remove && isDomainError(error, 'NOT_FOUND')) {
      // Removed already (another tab): the cart shows it gone, which is what the shopper asked for.
      return {
        answer: { form: 'coupon', ok: true, message: 'The code {code} was removed.', values: { code }, typed: '' },
        status: 200,
      };
    }
    const refusal = couponRefusal(error, typed);
    if (!refusal && isDomainError(error, 'NOT_FOUND')) {
      // The session's cart is gone (ordered in another tab, or expired): nothing to apply a code to.
      return { answer: { form: 'coupon', ok: false, message: 'Your cart is empty', typed }, status: 404 };
    }
    if (!refusal && isDomainError(error, 'INVALID_DATA')) {
      // A code the service's own format refuses (docs/promotions.md 'API') is no code of ours.
      const unknown = { ...REFUSAL_ANSWER_OF_UNKNOWN, values: { code }, typed };
      return { answer: unknown, status: 400 };
    }
    if (!refusal) throw error;
    return { answer: refusal, status: HTTP_STATUS_BY_KIND[(error as DomainError).kind] };
  }
  return {
    answer: {
      form: 'coupon',
      ok: true,
      message: remove ? 'The code {code} was removed.' : 'The code {code} was applied.',
      values: { code: applied },
      typed: '',
    },
    status: 200,
  };
}
