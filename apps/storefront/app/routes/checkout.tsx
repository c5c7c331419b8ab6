import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { useBeginCheckoutEvent } from '../features/checkout/checkout-analytics';
import { CheckoutForm } from '../features/checkout/checkout-form';
import { checkoutAction, loadCheckoutPage } from '../features/checkout/checkout-page.server';
import { handOverToHostedCheckout, type HostedCheckoutRefusal } from '../features/checkout/hosted-checkout.server';
import { ErrorSummary } from '../components/form/error-summary';
import { OrderSummary } from '../features/checkout/order-summary';
import { isCouponAnswer } from '../features/cart/cart-view';
import { newestAnswer, type CheckoutAnswer } from '../features/checkout/checkout-view';
import { useCheckoutQuote } from '../features/checkout/use-checkout-quote';
import { usePaymentFlow } from '../features/checkout/use-payment-flow';
import { pageTitle } from '../lib/brand';
import { useDisplayText } from '../lib/display-text';
import styles from './checkout.module.css';
import type { Route } from './+types/checkout';
import { metaDisplayText } from '../features/editorial/editorial-meta';

export function loader({ context, request }: Route.LoaderArgs) {
  const { hostedCheckout } = context.services;
  if (hostedCheckout) return handOverToHostedCheckout(context, hostedCheckout, request, context.localeState);
  return loadCheckoutPage(context, request, context.localeState);
}

export function action({ context, request }: Route.ActionArgs) {
  return checkoutAction(context, request, context.localeState);
}

/** The page holds the shopper's cart and a one-time order key: never stored by a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * A quote or a payment intent changes nothing the page loaded, and reloading would hand out a
 * new idempotency key (the order must be placed with the key its payment was made for); other
 * submissions revalidate as usual.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent');
  return intent === 'quote' || intent === 'pay' ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaDisplayText(matches)('Checkout')) },
  { name: 'robots', content: 'noindex' },
];

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  if ('hostedCheckoutRefused' in loaderData) return <HostedCheckoutRefused refusal={loaderData} />;
  return <OwnCheckout loaderData={loaderData} actionData={actionData} />;
}

function OwnCheckout({
  loaderData,
  actionData,
}: {
  loaderData: Exclude<Route.ComponentProps['loaderData'], { hostedCheckoutRefused: true }>;
  actionData: Route.ComponentProps['actionData'];
}) {
  const t = useDisplayText();
  const payment = usePaymentFlow();
  // Without JavaScript the order summary's discount code posts the page too; its answer is the code's.
  const couponAnswer = isCouponAnswer(actionData) ? actionData : undefined;
  const orderAnswer = isCouponAnswer(actionData) ? undefined : actionData;
  // The order's answer, or the pay step's when it refused the form since.
  const placed: CheckoutAnswer | undefined = orderAnswer && 'payment' in orderAnswer ? undefined : orderAnswer;
  const submitted = newestAnswer(placed, payment.refusal);
  const checkout = useCheckoutQuote(loaderData, submitted);
  useBeginCheckoutEvent(loaderData.beginCheckout);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('Checkout page')}</h1>
      <div className={styles.layout}>
        <OrderSummary
          lines={loaderData.lines}
          subtotal={loaderData.subtotal}
          promotions={loaderData.promotions}
          quote={checkout.quote}
          currency={loaderData.currency}
          couponAnswer={couponAnswer}
          onCouponChanged={checkout.requote}
        />
        <CheckoutForm page={loaderData} submitted={submitted} checkout={checkout} payment={payment} />
      </div>
    </div>
  );
}

/**
 * The page when the platform's hosted checkout refused the cart (a pro past their spend limit):
 * the message our own checkout shows for it, with the way back to the cart.
 */
function HostedCheckoutRefused({ refusal }: { refusal: HostedCheckoutRefusal }) {
  const t = useDisplayText();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('Checkout page')}</h1>
      <ErrorSummary<never>
        focusOn={refusal}
        title="Please check your order"
        message={refusal.message}
        cartLink={refusal.cartLink}
        errors={{}}
        fieldLabel={() => ''}
        fieldId={() => ''}
      />
    </div>
  );
}
