import { LocaleLink } from '../components/locale-link';
import { usePurchaseEvent } from '../features/checkout/checkout-analytics';
import { loadConfirmationPage } from '../features/orders/order-pages.server';
import { OrderAddress, OrderDetailsPanel, OrderItemsPanel } from '../features/orders/order-panels';
import { pageTitle } from '../lib/brand';
import { useDisplayText } from '../lib/display-text';
import styles from '../features/orders/order-pages.module.css';
import type { Route } from './+types/checkout-confirmation';
import { metaDisplayText } from '../features/editorial/editorial-meta';

export function loader({ params, context, request }: Route.LoaderArgs) {
  return loadConfirmationPage(context, request, context.localeState, params.orderId);
}

/** An order's details are for the session that placed it: never stored by a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaDisplayText(matches)('Order confirmed')) },
  { name: 'robots', content: 'noindex' },
];

export default function CheckoutConfirmationPage({ loaderData }: Route.ComponentProps) {
  const { order, currency, purchase } = loaderData;
  const t = useDisplayText();
  usePurchaseEvent(purchase, `piste_purchase_${order.id}`);
  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <p className={styles.eyebrow}>{t('Order confirmed')}</p>
        <h1 className={styles.title}>{t('Thank you for your order')}</h1>
        <p className={styles.orderNumber}>
          {t('Order number')} <strong>{order.id}</strong>
        </p>
        <p className={styles.lede}>
          {t('With your order number and email address you can check on your order at any time.')}
        </p>
      </header>

      <div className={styles.columns}>
        <OrderItemsPanel order={order} currency={currency} headingId="confirmation-items" />

        <OrderDetailsPanel
          headingId="confirmation-details"
          details={[
            { label: t('Email'), value: order.email },
            { label: t('Shipping address'), value: <OrderAddress lines={order.shippingAddress} /> },
            { label: t('Shipping method'), value: t(order.shippingMethod) },
            { label: t('Payment'), value: order.payment },
            { label: t('Order date'), value: order.date },
          ]}
        />
      </div>

      <p className={styles.actions}>
        <LocaleLink to="/order-status" className="button-secondary">
          {t('Check your order status')}
        </LocaleLink>
        <LocaleLink to="/" className="button-primary">
          {t('Continue shopping')}
        </LocaleLink>
      </p>
    </div>
  );
}
