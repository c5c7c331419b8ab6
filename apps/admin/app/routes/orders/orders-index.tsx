import { Link, useSearchParams } from 'react-router';
import type { OrderList, OrderListItem } from '@piste/admin';
import type { Route } from './+types/orders-index';
import { Badge } from '~/components/badge';
import {
  columnHelper,
  DataTable,
  FilterBar,
  FilterInput,
  FilterSelect,
  readTableParams,
} from '~/components/data-table';
import { attempt } from '~/components/form';
import { Money } from '~/components/money';
import { PageHeader } from '~/components/page-header';
import { Panel } from '~/components/states';
import { API_BASE, api, queryString } from '~/lib/api';
import { requirePermission } from '~/lib/session';
import { formatWhen, ORDER_STATUS_LABELS, ORDER_STATUS_OPTIONS, REGION_OPTIONS } from './order-format';

/** The list's filters as the page's URL keeps them; `min` and `max` are totals in major units (12.50). */
const FILTERS = ['q', 'status', 'region', 'customer', 'from', 'to'] as const;

/** A decimal total from the URL in minor units; text that is no amount goes as typed, for the API to refuse. */
function minorOf(text: string | null): string | number | undefined {
  if (!text) return undefined;
  const amount = Number(text.replace(',', '.'));
  return Number.isFinite(amount) ? Math.round(amount * 100) : text;
}

/** The API's filters (also the CSV export's) from the page's URL. */
function filtersOf(search: URLSearchParams) {
  const filters: Record<string, string | number | undefined> = {};
  for (const name of FILTERS) filters[name] = search.get(name) || undefined;
  filters.minTotal = minorOf(search.get('min'));
  filters.maxTotal = minorOf(search.get('max'));
  return filters;
}

function sortOf(search: URLSearchParams): string {
  const { sort, order } = readTableParams(search, { sort: 'created', order: 'desc' });
  return `${order === 'desc' ? '-' : ''}${sort ?? 'created'}`;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('orders:read', request.signal);
  const search = new URL(request.url).searchParams;
  const { page, pageSize } = readTableParams(search);
  const query = { ...filtersOf(search), sort: sortOf(search), page, pageSize };
  // A filter the API refuses (a date range backwards) is shown above the list, not as a broken page.
  return attempt(() => api.get<OrderList>(`/orders${queryString(query)}`, { signal: request.signal }));
}

const column = columnHelper<OrderListItem>();
const columns = [
  column.accessor('id', {
    header: 'Order',
    enableSorting: false,
    cell: (cell) => <Link to={`/orders/${cell.getValue()}`}>#{cell.getValue()}</Link>,
  }),
  column.accessor('createdAt', { id: 'created', header: 'Placed', cell: (cell) => formatWhen(cell.getValue()) }),
  column.accessor('email', {
    header: 'Customer',
    enableSorting: false,
    cell: (cell) => (
      <span className="stack">
        <span>{cell.row.original.name}</span>
        <span className="muted">{cell.getValue()}</span>
      </span>
    ),
  }),
  column.accessor('region', { header: 'Region', enableSorting: false }),
  column.accessor('status', {
    header: 'Status',
    enableSorting: false,
    cell: (cell) => {
      const status = ORDER_STATUS_LABELS[cell.getValue()];
      return <Badge tone={status.tone}>{status.label}</Badge>;
    },
  }),
  column.accessor('itemCount', { header: 'Items', enableSorting: false }),
  column.accessor('totalMinor', {
    id: 'total',
    header: 'Total',
    cell: (cell) => <Money amount={cell.getValue()} currency={cell.row.original.currencyCode} />,
  }),
  column.accessor('refundedMinor', {
    header: 'Refunded',
    enableSorting: false,
    cell: (cell) =>
      cell.getValue() > 0 ? <Money amount={cell.getValue()} currency={cell.row.original.currencyCode} /> : '—',
  }),
];

export default function OrdersIndex({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const exportHref = `${API_BASE}/orders/export.csv${queryString({ ...filtersOf(search), sort: sortOf(search) })}`;
  return (
    <>
      <PageHeader
        title="Orders"
        description="Find, ship, cancel and refund orders. Totals are in each order’s own currency."
        actions={
          <a className="button" href={exportHref} download>
            Export CSV
          </a>
        }
      />
      <FilterBar label="Order filters">
        <FilterInput name="q" label="Search" placeholder="Order number or email" />
        <FilterSelect name="status" label="Status" options={ORDER_STATUS_OPTIONS} />
        <FilterSelect name="region" label="Region" options={REGION_OPTIONS} />
        <FilterInput name="customer" label="Customer" type="text" placeholder="Customer id or email" />
        <FilterInput name="from" label="Placed from" type="date" />
        <FilterInput name="to" label="Placed until" type="date" />
        <FilterInput name="min" label="Total from" type="text" placeholder="0.00" />
        <FilterInput name="max" label="Total up to" type="text" placeholder="0.00" />
      </FilterBar>
      {loaderData.ok ? (
        <DataTable
          caption="Orders"
          noun="orders"
          columns={columns}
          rows={loaderData.data.orders}
          total={loaderData.data.total}
          getRowId={(row) => String(row.id)}
          defaultSort={{ id: 'created', desc: true }}
        />
      ) : (
        <Panel title="These filters cannot be used">
          <p role="alert">{loaderData.error.message}</p>
          <ul>
            {Object.entries(loaderData.error.fields ?? {}).map(([field, message]) => (
              <li key={field}>{message}</li>
            ))}
          </ul>
        </Panel>
      )}
    </>
  );
}
