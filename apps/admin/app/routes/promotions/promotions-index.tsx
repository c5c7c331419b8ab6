import { Link } from 'react-router';
import type { PromotionList, PromotionView } from '@piste/admin';
import type { Route } from './+types/promotions-index';
import { columnHelper, DataTable, FilterBar, FilterInput, FilterSelect, listQuery } from '~/components/data-table';
import { PageHeader } from '~/components/page-header';
import { api, queryString } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import { datesText, KIND_LABELS, offerText, PromotionStatusBadge, regionsText, usesText } from './promotion-view';

const FILTERS = ['q', 'status', 'kind'] as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('promotions:read', request.signal);
  const query = listQuery(request.url, FILTERS, { sort: 'created', order: 'desc' });
  return api.get<PromotionList>(`/promotions${queryString(query)}`, { signal: request.signal });
}

const column = columnHelper<PromotionView>();
const columns = [
  column.accessor('name', {
    id: 'name',
    header: 'Name',
    cell: (cell) => <Link to={`/promotions/${cell.row.original.id}`}>{cell.getValue()}</Link>,
  }),
  column.accessor('code', {
    id: 'code',
    header: 'Code',
    cell: (cell) => {
      const code = cell.getValue();
      return code ? <code>{code}</code> : <span className="muted">Automatic</span>;
    },
  }),
  column.accessor((promotion) => offerText(promotion), { id: 'offer', header: 'Offer', enableSorting: false }),
  column.accessor((promotion) => regionsText(promotion.regions), {
    id: 'regions',
    header: 'Regions',
    enableSorting: false,
  }),
  column.accessor((promotion) => datesText(promotion), { id: 'starts', header: 'Dates' }),
  column.accessor((promotion) => usesText(promotion), {
    id: 'uses',
    header: 'Uses',
    meta: { numeric: true },
  }),
  column.accessor('status', {
    header: 'Status',
    enableSorting: false,
    cell: (cell) => <PromotionStatusBadge promotion={cell.row.original} />,
  }),
];

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'expired', label: 'Expired' },
  { value: 'disabled', label: 'Disabled' },
];
const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }));

export default function PromotionsIndex({ loaderData }: Route.ComponentProps) {
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Promotions"
        description="Coupon codes and automatic discounts: what they take off, where, when, and how often."
        actions={
          can('promotions:write') && (
            <Link className="button button--primary" to="/promotions/new">
              New promotion
            </Link>
          )
        }
      />
      <FilterBar label="Find promotions">
        <FilterInput name="q" label="Search" placeholder="Name or code" />
        <FilterSelect name="status" label="Status" options={STATUS_OPTIONS} />
        <FilterSelect name="kind" label="Kind" options={KIND_OPTIONS} />
      </FilterBar>
      <DataTable
        caption="Promotions"
        noun="promotions"
        columns={columns}
        rows={loaderData.promotions}
        total={loaderData.total}
        getRowId={(promotion) => String(promotion.id)}
        defaultSort={{ id: 'created', desc: true }}
      />
    </>
  );
}
