import { useEffect } from 'react';
import { Form, useNavigation } from 'react-router';
import { formatCurrency } from '@piste/core';
import { loadOrderStatusPage } from '../features/orders/order-pages.server';
import { ShipmentList } from '../features/orders/order-panels';
import { pageTitle } from '../lib/brand';
import { useDisplayText } from '../lib/display-text';
import styles from '../features/orders/order-pages.module.css';
import type { Route } from './+types/order-status';
import { metaDisplayText } from '../features/editorial/editorial-meta';

export function loader({ context, request }: Route.LoaderArgs) {
  return loadOrderStatusPage(context, new URL(request.url), context.localeState);
}

/** A lookup answers with someone's order: never stored by a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaDisplayText(matches)('Order status')) },
];

export default function OrderStatusPage({ loaderData }: Route.ComponentProps) {
  const { query, errors, order, notFound } = loaderData;
  const t = useDisplayText();
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location.pathname.endsWith('/order-status');
  const describedBy = (field: 'number' | 'email') => (errors[field] ? `order-${field}-error` : undefined);

  // A rejected lookup puts focus on the first field to fix.
  useEffect(() => {
    const first = errors.number ? 'order-number' : errors.email ? 'order-email' : null;
    if (first) document.getElementById(first)?.focus();
  }, [errors]);
  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <h1 className={styles.title}>{t('Order status')}</h1>
        <p className={styles.lede}>{t('Enter your order number and the email address you used at checkout.')}</p>
      </header>

      {/* The server's messages, in the page's language, rather than the browser's own checks. */}
      <Form method="get" noValidate className={styles.lookup}>
        <div className={styles.field}>
          <label htmlFor="order-number">{t('Order number')}</label>
          <input
            id="order-number"
            name="number"
            defaultValue={query.number}
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            required
            aria-invalid={errors.number ? true : undefined}
            aria-describedby={describedBy('number')}
          />
          {errors.number ? (
            <p id="order-number-error" className={styles.error}>
              {t(errors.number)}
            </p>
          ) : null}
        </div>
        <div className={styles.field}>
          <label htmlFor="order-email">{t('Email address')}</label>
          <input
            id="order-email"
            name="email"
            type="email"
            defaultValue={query.email}
            autoComplete="email"
            maxLength={254}
            required
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
          />
          {errors.email ? (
            <p id="order-email-error" className={styles.error}>
              {t(errors.email)}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button-primary" disabled={searching}>
          {t('Find my order')}
        </button>
      </Form>

      <div aria-live="polite">
        {notFound ? (
          <p className={styles.problem}>{t('We could not find an order with that number and email.')}</p>
        ) : null}
        {order ? (
          <section className={styles.panel} aria-labelledby="order-status-result">
            <h2 id="order-status-result" className={styles.panelTitle}>
              {t('Order {number}', { number: order.id })}
            </h2>
            <dl className={styles.details}>
              <div>
                <dt>{t('Status')}</dt>
                <dd className={styles.status}>{t(order.status)}</dd>
              </div>
              <div>
                <dt>{t('Order date')}</dt>
                <dd>{order.date}</dd>
              </div>
              <div>
                <dt>{t('Items')}</dt>
                <dd>{order.itemCount}</dd>
              </div>
              <div>
                <dt>{t('Total')}</dt>
                <dd>{formatCurrency(order.total, order.currency)}</dd>
              </div>
            </dl>
            <h3 className={styles.subTitle}>{t('Shipments')}</h3>
            <ShipmentList shipments={order.shipments} />
          </section>
        ) : null}
      </div>
    </div>
  );
}
