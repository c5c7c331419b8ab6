import { Link } from 'react-router';
import type { DashboardData } from '@piste/admin';
import type { Route } from './+types/dashboard-index';
import { Badge, type BadgeTone } from '~/components/badge';
import { Money } from '~/components/money';
import { PageHeader } from '~/components/page-header';
import { EmptyState, Panel } from '~/components/states';
import { api } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import { formatAction, formatAuditTime } from '../audit/audit-format';
import styles from './dashboard.module.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('dashboard:read', request.signal);
  return api.get<DashboardData>('/dashboard', { signal: request.signal });
}

const STATUS_TONES: Record<string, BadgeTone> = {
  pending: 'warning',
  awaiting_fulfillment: 'info',
  shipped: 'success',
  completed: 'success',
  cancelled: 'neutral',
  refunded: 'danger',
};

const statusLabel = (status: string) => status.replaceAll('_', ' ');

type Commerce = NonNullable<DashboardData['commerce']>;

function TodayOrders({ today }: { today: Commerce['today'] }) {
  const can = useCan();
  return (
    <Panel
      title="Today’s orders"
      actions={
        can('orders:read') && (
          <Link className="button button--quiet button--small" to="/orders">
            All orders
          </Link>
        )
      }
    >
      <p className={styles.figure}>
        <span className="number">{today.orders}</span> <span className="muted">since midnight UTC</span>
      </p>
      {today.orders > 0 && (
        <ul className={`row ${styles.plainList}`} aria-label="Today’s orders by status">
          {Object.entries(today.byStatus).map(([status, count]) => (
            <li key={status}>
              <Badge tone={STATUS_TONES[status] ?? 'neutral'}>
                {count} {statusLabel(status)}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Revenue({ revenue }: { revenue: Commerce['revenue'] }) {
  return (
    <Panel title="Revenue">
      {revenue.length === 0 ? (
        <EmptyState title="No revenue in the last 7 days" />
      ) : (
        <table className="table">
          <caption className="visually-hidden">
            Revenue per region and currency, without cancelled or refunded orders
          </caption>
          <thead>
            <tr>
              <th scope="col">Region</th>
              <th scope="col" className="number">
                Today
              </th>
              <th scope="col" className="number">
                Last 7 days
              </th>
              <th scope="col" className="number">
                Orders (7 days)
              </th>
            </tr>
          </thead>
          <tbody>
            {revenue.map((row) => (
              <tr key={`${row.region}-${row.currencyCode}`}>
                <th scope="row">
                  {row.region.toUpperCase()} <span className="muted">{row.currencyCode}</span>
                </th>
                <td className="money">
                  <Money amount={row.todayMinor} currency={row.currencyCode} />
                </td>
                <td className="money">
                  <Money amount={row.last7DaysMinor} currency={row.currencyCode} />
                </td>
                <td className="number">{row.ordersLast7Days}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted">Order totals, without cancelled or refunded orders; days are UTC days.</p>
    </Panel>
  );
}

function LowStock({ items }: { items: Commerce['lowStock'] }) {
  return (
    <Panel title="Low stock">
      {items.length === 0 ? (
        <EmptyState title="Nothing is running low">Every tracked item has more than 3 in stock.</EmptyState>
      ) : (
        <table className="table">
          <caption className="visually-hidden">Items with 3 or fewer in stock, emptiest first</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">SKU</th>
              <th scope="col" className="number">
                In stock
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={`${item.productId}-${item.variantId ?? 'product'}`}>
                <td>
                  <Link to={`/catalogue/products/${item.productId}`}>{item.productName}</Link>
                </td>
                <td>
                  <code>{item.sku}</code>
                </td>
                <td className="number">
                  {item.level === 0 ? (
                    <Badge tone="danger">Sold out</Badge>
                  ) : (
                    <Badge tone="warning">{item.level}</Badge>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

function RecentActivity({ entries }: { entries: DashboardData['recentActivity'] }) {
  return (
    <Panel
      title="Recent activity"
      actions={
        <Link className="button button--quiet button--small" to="/audit">
          Audit log
        </Link>
      }
    >
      {entries.length === 0 ? (
        <EmptyState title="No changes yet" />
      ) : (
        <ol className={styles.activity}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <span className="muted number">{formatAuditTime(entry.at)}</span> <strong>{entry.actor}</strong>{' '}
              {formatAction(entry.action)}{' '}
              <Link to={`/audit?${new URLSearchParams({ entityType: entry.entityType, entityId: entry.entityId })}`}>
                {entry.entityType} #{entry.entityId}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

export default function DashboardIndex({ loaderData }: Route.ComponentProps) {
  const { commerce, recentActivity } = loaderData;
  return (
    <>
      <PageHeader title="Dashboard" description="Today’s orders, revenue per region, low stock and recent activity." />
      <div className="stack">
        {commerce ? (
          <>
            <div className="grid-2">
              <TodayOrders today={commerce.today} />
              <Revenue revenue={commerce.revenue} />
            </div>
            <div className="grid-2">
              <LowStock items={commerce.lowStock} />
              <RecentActivity entries={recentActivity} />
            </div>
          </>
        ) : (
          <>
            <Panel title="Orders and stock">
              <p className="muted">
                BigCommerce runs this shop’s commerce: its control panel shows orders, revenue and stock.
              </p>
            </Panel>
            <RecentActivity entries={recentActivity} />
          </>
        )}
      </div>
    </>
  );
}
