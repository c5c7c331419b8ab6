import { Link } from 'react-router';
import type { CustomerList, CustomerSummary } from '@piste/admin';
import type { Route } from './+types/customers-index';
import { Badge } from '~/components/badge';
import { columnHelper, DataTable, FilterBar, FilterInput, FilterSelect, listQuery } from '~/components/data-table';
import { PageHeader } from '~/components/page-header';
import { api, queryString } from '~/lib/api';
import { requirePermission } from '~/lib/session';
import { ProStateBadge, shortDate } from './customer-view';

const FILTERS = ['q', 'group', 'pro', 'employee'] as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('customers:read', request.signal);
  const query = listQuery(request.url, FILTERS, { sort: 'created', order: 'desc' });
  return api.get<CustomerList>(`/customers${queryString(query)}`, { signal: request.signal });
}

const column = columnHelper<CustomerSummary>();
const columns = [
  column.accessor((customer) => `${customer.firstName} ${customer.lastName}`, {
    id: 'name',
    header: 'Name',
    cell: (cell) => <Link to={`/customers/${cell.row.original.id}`}>{cell.getValue()}</Link>,
  }),
  column.accessor('email', { id: 'email', header: 'Email' }),
  column.accessor('company', { header: 'Company', enableSorting: false }),
  column.accessor('groupName', {
    header: 'Group',
    enableSorting: false,
    cell: (cell) => (
      <span className="row">
        {cell.getValue() ?? '—'}
        {cell.row.original.isEmployee && <Badge tone="info">Employee</Badge>}
      </span>
    ),
  }),
  column.accessor('proState', {
    header: 'Pro',
    enableSorting: false,
    cell: (cell) => <ProStateBadge state={cell.getValue()} code={cell.row.original.proCode} />,
  }),
  column.accessor('createdAt', { id: 'created', header: 'Joined', cell: (cell) => shortDate(cell.getValue()) }),
];

const PRO_OPTIONS = [
  { value: 'active', label: 'Pro' },
  { value: 'expired', label: 'Pro, expired' },
  { value: 'none', label: 'Not pro' },
];
const EMPLOYEE_OPTIONS = [
  { value: 'true', label: 'Employees' },
  { value: 'false', label: 'Not employees' },
];

export default function CustomersIndex({ loaderData }: Route.ComponentProps) {
  const groupOptions = loaderData.groups.map((group) => ({ value: String(group.id), label: group.name }));
  return (
    <>
      <PageHeader title="Customers" description="Accounts, addresses, groups and pro status." />
      <FilterBar label="Find customers">
        <FilterInput name="q" label="Search" placeholder="Email, name or company" />
        <FilterSelect name="group" label="Group" options={groupOptions} />
        <FilterSelect name="pro" label="Pro status" options={PRO_OPTIONS} />
        <FilterSelect name="employee" label="Employee" options={EMPLOYEE_OPTIONS} />
      </FilterBar>
      <DataTable
        caption="Customers"
        noun="customers"
        columns={columns}
        rows={loaderData.customers}
        total={loaderData.total}
        getRowId={(customer) => String(customer.id)}
        defaultSort={{ id: 'created', desc: true }}
      />
    </>
  );
}
