import { LocaleLink } from '../../components/locale-link';
import { accountHeaders } from '../../features/account/account-headers';
import { loadOrderDetailPage } from '../../features/account/account-pages.server';
import accountStyles from '../../features/account/account.module.css';
import { OrderAddress, OrderDetailsPanel, OrderItemsPanel, ShipmentList } from '../../features/orders/order-panels';
import { pageTitle } from '../../lib/brand';
import { translateFrom, useDisplayText } from '../../lib/display-text';
import styles from '../../features/orders/order-pages.module.css';
import type { Route } from './+types/order-detail';

export function loader({ params, context, request }: Route.LoaderArgs) {
  return loadOrderDetailPage(context, request, context.localeState, params.orderId);
}

export const headers: Route.HeadersFunction = accountHeaders;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = translateFrom(matches[0]?.loaderData?.displayTexts);
  const title = data ? t('Order {number}', { number: data.order.id }) : t('Orders');
  return [{ title: pageTitle(title) }, { name: 'robots', content: 'noindex' }];
};

/** `/{lang}/account/orders/{id}`: one of the customer's orders, its status and its shipments. */
export default function OrderDetailPage({ loaderData }: Route.ComponentProps) {
  const { order, status, billingAddress, shipments, currency } = loaderData;
  const t = useDisplayText();
  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <p>
          <LocaleLink to="/account/orders">{t('Back to your orders')}</LocaleLink>
        </p>
        <h1 className={styles.title}>{t('Order {number}', { number: order.id })}</h1>
        <p className={styles.lede}>
          {order.date} · <span className={styles.status}>{t(status)}</span>
        </p>
      </header>

      <div className={styles.columns}>
        <OrderItemsPanel order={order} currency={currency} headingId="order-items" />

        <div className={accountStyles.page}>
          <section className={styles.panel} aria-labelledby="order-shipments">
            <h2 id="order-shipments" className={styles.panelTitle}>
              {t('Shipments')}
            </h2>
            <ShipmentList shipments={shipments} />
          </section>

          <OrderDetailsPanel
            headingId="order-details"
            details={[
              { label: t('Shipping address'), value: <OrderAddress lines={order.shippingAddress} /> },
              { label: t('Billing address'), value: <OrderAddress lines={billingAddress} /> },
              { label: t('Shipping method'), value: t(order.shippingMethod) },
              { label: t('Payment'), value: order.payment },
              { label: t('Email'), value: order.email },
            ]}
          />
        </div>
      </div>
    </div>
  );
}
