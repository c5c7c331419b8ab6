import { formatCurrency } from '@piste/core';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import type { OrderRowView } from './order-view';
import styles from './order-list.module.css';

/** The customer's orders, newest first: number (to its details), date, status, items and total. */
export function OrderList({ orders }: { orders: OrderRowView[] }) {
  const t = useDisplayText();
  return (
    <ul className={styles.orders}>
      {orders.map((order) => (
        <li key={order.id} className={styles.order}>
          <LocaleLink to={`/account/orders/${order.id}`} className={styles.orderLink}>
            {t('Order {number}', { number: order.id })}
          </LocaleLink>
          <p className={styles.orderMeta}>
            <span>{order.date}</span>
            <span className={styles.status}>{t(order.status)}</span>
            <span>{t('{count, plural, one {# item} other {# items}}', { count: order.itemCount })}</span>
          </p>
          <span className={styles.orderTotal}>{formatCurrency(order.total, order.currency)}</span>
        </li>
      ))}
    </ul>
  );
}
