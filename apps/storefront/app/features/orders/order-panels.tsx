import { formatCurrency } from '@piste/core';
import type { ReactNode } from 'react';
import { useDisplayText } from '../../lib/display-text';
import type { CurrencyFormatView } from '../../lib/money';
import { OrderTotals } from '../checkout/order-totals';
import type { OrderView } from './order-view';
import styles from './order-pages.module.css';

/** An order's items and totals, as the confirmation and the account's order page show them. */
export function OrderItemsPanel({
  order,
  currency,
  headingId,
}: {
  order: OrderView;
  currency: CurrencyFormatView | null;
  headingId: string;
}) {
  const t = useDisplayText();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {t('Items')}
      </h2>
      <ul className={styles.lines}>
        {order.lines.map((line) => (
          <li key={line.id} className={styles.line}>
            <span>
              <span className={styles.lineName}>{line.name}</span>
              {line.options.length > 0 ? (
                <span className={styles.muted}>{line.options.map((value) => t(value)).join(' / ')}</span>
              ) : null}
              <span className={styles.muted}>{t('Quantity: {count}', { count: line.quantity })}</span>
            </span>
            <span className={styles.amount}>{formatCurrency(line.total, currency)}</span>
          </li>
        ))}
      </ul>
      <OrderTotals subtotal={order.itemsTotal} discounts={order.discounts} priced={order} currency={currency} />
    </section>
  );
}

/** One row of an order's details: a label already in the page's language and its value. */
export interface OrderDetail {
  label: string;
  value: ReactNode;
}

/** An order's details (email, addresses, method, payment, …); each page picks its rows and their order. */
export function OrderDetailsPanel({ details, headingId }: { details: readonly OrderDetail[]; headingId: string }) {
  const t = useDisplayText();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {t('Details')}
      </h2>
      <dl className={styles.details}>
        {details.map(({ label, value }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A postal address, one line to a span. */
export function OrderAddress({ lines }: { lines: readonly string[] }) {
  return (
    <address className={styles.address}>
      {lines.map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}

export interface ShipmentListItem {
  id: number;
  date: string;
  carrier: string;
  trackingNumber: string;
  /** What the parcel holds, where the page knows it. */
  items?: { name: string; quantity: number }[];
}

/** An order's parcels with carrier and tracking number, or that nothing has shipped yet. */
export function ShipmentList({ shipments }: { shipments: ShipmentListItem[] }) {
  const t = useDisplayText();
  if (shipments.length === 0) return <p className={styles.muted}>{t('Your order has not shipped yet.')}</p>;
  return (
    <ul className={styles.shipments}>
      {shipments.map((shipment) => (
        <li key={shipment.id}>
          <dl className={styles.details}>
            <div>
              <dt>{t('Shipped')}</dt>
              <dd>{shipment.date}</dd>
            </div>
            <div>
              <dt>{t('Carrier')}</dt>
              <dd>{shipment.carrier}</dd>
            </div>
            <div>
              <dt>{t('Tracking number')}</dt>
              <dd>
                <code>{shipment.trackingNumber}</code>
              </dd>
            </div>
            {shipment.items && shipment.items.length > 0 ? (
              <div>
                <dt>{t('Items')}</dt>
                <dd>{shipment.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')}</dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
