import { data } from 'react-router';
import { LocaleLink } from '../components/locale-link';
import { PageIntro } from '../components/page-intro';
import { CartLineItem } from '../features/cart/cart-line-item';
import { shopperGroupOf } from '../features/catalogue/price-view';
import {
  cartProblem,
  cartSessionHeaders,
  changeCart,
  loadCartSession,
  MAX_LINE_QUANTITY,
} from '../features/cart/cart-session.server';
import { CartSummary } from '../features/cart/cart-summary';
import { EMPTY_CART_VIEW, isCouponAnswer, toCartView } from '../features/cart/cart-view';
import { changeCoupon } from '../features/cart/coupon-actions.server';
import { freeShippingProgress } from '../features/cart/free-shipping.server';
import { currencyFormatFor } from '../features/catalogue/currency.server';
import { cartLineEvent, useCartEvent, type CartEvent } from '../features/tracking/analytics';
import { pageTitle } from '../lib/brand';
import { useDisplayText } from '../lib/display-text';
import { readFormData } from '../lib/form-data.server';
import { refuseCrossSitePost } from '../lib/request.server';
import styles from './cart.module.css';
import type { Route } from './+types/cart';
import { metaDisplayText } from '../features/editorial/editorial-meta';

/** What the cart's forms answer: a display-text title and values, and the analytics event of the change. */
interface CartActionResult {
  ok: boolean;
  message: string;
  values?: Record<string, string | number>;
  analytics?: CartEvent;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { localeState, shopper } = context;
  const [session, currency] = await Promise.all([
    loadCartSession(context, request, shopper),
    currencyFormatFor(context, shopper, localeState.locale),
  ]);
  const view = session.cart ? toCartView(session.cart) : EMPTY_CART_VIEW;
  const freeShipping =
    view.lines.length > 0
      ? await freeShippingProgress(context, shopper, localeState.country, view.subtotal, currency?.decimal_places ?? 2)
      : null;
  return data(
    {
      shopping: localeState.shoppingRegion,
      currency,
      cart: view,
      freeShipping,
      maxQuantity: MAX_LINE_QUANTITY,
      shopperGroup: shopperGroupOf(context.customer),
      // Our own engine takes discount codes here; BigCommerce's hosted checkout takes them itself.
      takesCoupons: context.services.embeddedOnly?.promotions != null,
    },
    // Spec §4 'Cart': a session whose cart is gone (or another customer's) is cleared.
    { headers: cartSessionHeaders(session) },
  );
}

/**
 * The stepper (`intent=update`, the new quantity) and remove (`intent=remove`) of a line, and
 * the discount code's apply and remove (`intent=apply-coupon`, `intent=remove-coupon`).
 * The line is looked up in the session's cart, so a form can only name lines the shopper has.
 */
export async function action({ request, context }: Route.ActionArgs) {
  refuseCrossSitePost(request);
  const form = await readFormData(request);
  const { shopper } = context;
  const intent = form.get('intent');
  if (intent === 'apply-coupon' || intent === 'remove-coupon') {
    const coupon = await changeCoupon(context, request, shopper, form);
    return data(coupon.answer, { status: coupon.status });
  }
  const answer = (result: CartActionResult, status = 200) => data(result, { status });
  const { cart: before } = await loadCartSession(context, request, shopper);
  const line = before?.line_items.physical_items.find((candidate) => candidate.id === form.get('itemId'));
  if (!before || !line) return answer({ ok: false, message: 'This item is no longer in your cart.' }, 404);
  const { cart } = context.services;
  try {
    if (form.get('intent') === 'remove') {
      await changeCart(context, request, (cartId, access) => cart.removeItem(shopper, cartId, access, line.id));
      return answer({
        ok: true,
        message: '{product} was removed from your cart.',
        values: { product: line.name },
        analytics: cartLineEvent('remove_from_cart', before, line, line.quantity),
      });
    }
    const quantity = Number(form.get('quantity'));
    if (
      form.get('intent') !== 'update' ||
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      quantity > MAX_LINE_QUANTITY
    ) {
      return answer(
        { ok: false, message: 'Choose a quantity from 1 to {max}.', values: { max: MAX_LINE_QUANTITY } },
        400,
      );
    }
    const { cart: after } = await changeCart(context, request, (cartId, access) =>
      cart.updateItem(shopper, cartId, access, line.id, { productID: line.product_id, quantity }),
    );
    const change = quantity - line.quantity;
    const updated = after!.line_items.physical_items.find((candidate) => candidate.id === line.id) ?? line;
    return answer({
      ok: true,
      message: 'Your cart was updated.',
      analytics:
        change === 0
          ? undefined
          : cartLineEvent(change > 0 ? 'add_to_cart' : 'remove_from_cart', after!, updated, Math.abs(change)),
    });
  } catch (error) {
    const problem = cartProblem(error);
    if (!problem) throw error;
    return answer({ ok: false, message: problem.message, values: problem.values }, problem.status);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(metaDisplayText(matches)('Your cart')) }];

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { shopping, currency, cart, freeShipping, maxQuantity, shopperGroup } = loaderData;
  const t = useDisplayText();
  const couponAnswer = isCouponAnswer(actionData) ? actionData : undefined;
  const lineAnswer = isCouponAnswer(actionData) ? undefined : actionData;
  useCartEvent(lineAnswer?.analytics);
  return (
    <div className={styles.page}>
      <PageIntro title={t('Your cart')}>{t('Review your gear before you check out.')}</PageIntro>
      {lineAnswer ? (
        <p role={lineAnswer.ok ? 'status' : 'alert'} className={lineAnswer.ok ? styles.notice : styles.problem}>
          {t(lineAnswer.message, lineAnswer.values)}
        </p>
      ) : null}
      {!shopping ? (
        <p className={styles.notice}>
          {t('Online shopping is not available in your country yet.')}{' '}
          <LocaleLink to="/stores">{t('Find a Piste dealer near you')}</LocaleLink>.
        </p>
      ) : cart.lines.length === 0 ? (
        <section className={styles.empty}>
          <h2>{t('Your cart is empty')}</h2>
          <LocaleLink to="/" className="button-primary">
            {t('Continue shopping')}
          </LocaleLink>
        </section>
      ) : (
        <div className={styles.layout}>
          <ul className={styles.lines} aria-label={t('Items in your cart')}>
            {cart.lines.map((line) => (
              <CartLineItem
                key={line.id}
                line={line}
                currency={currency}
                maxQuantity={maxQuantity}
                shopperGroup={shopperGroup}
              />
            ))}
          </ul>
          <CartSummary
            cart={cart}
            freeShipping={freeShipping}
            currency={currency}
            couponAnswer={couponAnswer}
            takesCoupons={loaderData.takesCoupons}
          />
        </div>
      )}
    </div>
  );
}
