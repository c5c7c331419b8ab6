import { HTTP_STATUS_BY_KIND, isDomainError } from '@piste/core';
import type { FieldMessage } from '../../components/form/form-kit';
import { BOT_CHECK_FAILED_MESSAGE } from '../bot-check/bot-check-message';
import { ADDRESS_FIELDS, type AddressField, type FieldErrors, type FieldName } from './checkout-fields';
import { PAYMENT_FAILED_MESSAGE } from './payment/payment-messages';

/** How the checkout page answers an engine refusal (docs/checkout.md 'Errors'). */
export type CheckoutProblem =
  /** The cart is gone, already ordered by this session, or empty: back to the cart page. */
  | { kind: 'cart-gone' }
  | {
      kind: 'form';
      status: number;
      errors: FieldErrors;
      /** A display-text title for the top of the form (with its values), when no single field is at fault. */
      message: string | FieldMessage | null;
      /** Out of stock: the shopper fixes it in the cart. */
      cartLink: boolean;
      /** The payment was refused or released: the provider's element starts afresh, to pay again. */
      paymentFailed: boolean;
    };

const GENERIC_MESSAGE = 'We could not place your order. Check your details and try again.';

const FIELDS_BY_PATH: Readonly<Record<string, FieldName>> = {
  email: 'email',
  shipping_method_id: 'shipping_method_id',
  // A quote's destination is the shipping address's.
  country_iso2: 'shipping.country_iso2',
  state: 'shipping.state',
};

/**
 * The engine's refusals of the payment an order names (issue 28 'The payment flow' step 3): the
 * payment is not taken, and the shopper pays again. A changed total says why.
 */
const PAYMENT_REFUSALS: Readonly<Record<string, string>> = {
  PAYMENT_DECLINED: PAYMENT_FAILED_MESSAGE,
  PAYMENT_NOT_AUTHORISED: PAYMENT_FAILED_MESSAGE,
  PAYMENT_CANCELED: PAYMENT_FAILED_MESSAGE,
  PAYMENT_NOT_FOUND: PAYMENT_FAILED_MESSAGE,
  PAYMENT_NOT_FOR_CART: PAYMENT_FAILED_MESSAGE,
  PAYMENT_AMOUNT_CHANGED:
    'Your order total changed while you paid, so that payment was released and nothing was taken. Check the total and place your order again.',
};

/** The form field an engine message names (``Field `shipping_address.zip` is required.``), if any. */
export function fieldOfEngineMessage(message: string): FieldName | null {
  const path = /^Field `([\w.]+)`/.exec(message)?.[1];
  if (!path) return null;
  const [head, tail] = path.split('.');
  if ((head === 'shipping_address' || head === 'billing_address') && tail) {
    return ADDRESS_FIELDS.includes(tail as AddressField)
      ? `${head === 'shipping_address' ? 'shipping' : 'billing'}.${tail as AddressField}`
      : null;
  }
  return FIELDS_BY_PATH[path] ?? null;
}

function formProblem(
  status: number,
  problem: { field?: FieldName | null; message: string; values?: FieldMessage['values'] },
  flags: { cartLink?: boolean; paymentFailed?: boolean } = {},
): CheckoutProblem {
  return {
    kind: 'form',
    status,
    errors: problem.field ? { [problem.field]: { message: problem.message } } : {},
    message: problem.field
      ? null
      : problem.values
        ? { message: problem.message, values: problem.values }
        : problem.message,
    cartLink: flags.cartLink ?? false,
    paymentFailed: flags.paymentFailed ?? false,
  };
}

/**
 * The shopper's version of an engine refusal: next to the field at fault where there is one,
 * else at the top of the form. Null for anything that is not a refusal (a real failure).
 */
export function checkoutProblem(error: unknown): CheckoutProblem | null {
  if (!isDomainError(error)) return null;
  const status = HTTP_STATUS_BY_KIND[error.kind];
  const paymentRefusal = PAYMENT_REFUSALS[error.code];
  if (paymentRefusal) return formProblem(status, { message: paymentRefusal }, { paymentFailed: true });
  switch (error.code) {
    case 'NOT_FOUND':
    case 'EMPTY_CART':
      return { kind: 'cart-gone' };
    case 'OUT_OF_STOCK':
      return formProblem(
        status,
        { message: 'Some items in your cart are no longer in stock in the quantity you chose.' },
        { cartLink: true },
      );
    case 'SPEND_LIMIT_EXCEEDED':
      // The engine names the limit and what is left of it this year, formatted in the order's currency.
      return formProblem(
        status,
        {
          message:
            'This order would take you past your pro spend limit of {limit} for this year: {left} is left. Remove some items, or contact us to raise your limit.',
          values: error.values,
        },
        { cartLink: true },
      );
    case 'PRO_CURRENCY':
      // A pro has one spend limit, in their home currency: they order in their pro region's shop (decision 016).
      return formProblem(status, {
        message:
          'Your pro account buys in {currency}, not {orderCurrency}: pro orders and your spend limit are in the shop of your pro region. Switch to it to place this order.',
        values: error.values,
      });
    case 'BOT_CHECK_FAILED':
      return formProblem(status, { message: BOT_CHECK_FAILED_MESSAGE });
    case 'COUPON_USED_UP':
      // The code ran out while the shopper checked out (docs/promotions.md 'Limits'): the engine names it.
      return formProblem(
        status,
        { message: 'The code {code} can no longer be used.', values: error.values },
        { cartLink: true },
      );
    case 'CART_ORDERED':
      return formProblem(status, { message: 'This cart has already been ordered.' }, { cartLink: true });
    case 'INVALID_STATE':
      return formProblem(status, { field: 'shipping.state', message: 'Choose a state or province.' });
    case 'INVALID_SHIPPING_METHOD':
      return formProblem(status, {
        field: 'shipping_method_id',
        message: 'That shipping method is not available for this address.',
      });
    case 'INVALID_PARAMETER': {
      const field = fieldOfEngineMessage(error.message);
      return formProblem(status, field ? { field, message: 'Check this field.' } : { message: GENERIC_MESSAGE });
    }
  }
  if (error.kind === 'INVALID_DATA') return formProblem(status, { message: GENERIC_MESSAGE });
  if (error.kind === 'CONFLICT') return formProblem(status, { message: GENERIC_MESSAGE });
  return null;
}
