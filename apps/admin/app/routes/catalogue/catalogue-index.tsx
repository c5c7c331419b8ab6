import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { ProductList } from '@piste/admin';
import type { Route } from './+types/catalogue-index';
import { Badge } from '~/components/badge';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { columnHelper, DataTable, FilterBar, FilterInput, FilterSelect, listQuery } from '~/components/data-table';
import { attempt } from '~/components/form';
import { PageHeader } from '~/components/page-header';
import { toast } from '~/components/toast';
import { api, queryString } from '~/lib/api';
import { requirePermission, useCan } from '~/lib/session';
import { CatalogueNav } from './catalogue-nav';

type Row = ProductList['products'][number];
interface CategoryOption {
  id: number;
  path: string;
  children: CategoryOption[];
}

const FILTERS = ['q', 'category', 'brand', 'visible', 'flag', 'stock'] as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('catalogue:read', request.signal);
  const query = listQuery(request.url, FILTERS, { sort: 'name', order: 'asc' });
  const [list, tree, brands] = await Promise.all([
    api.get<ProductList>(`/products${queryString(query)}`, { signal: request.signal }),
    api.get<{ categories: CategoryOption[] }>('/categories', { signal: request.signal }),
    api.get<{ brands: { id: number; name: string }[] }>('/brands', { signal: request.signal }),
  ]);
  const flatten = (nodes: CategoryOption[]): { value: string; label: string }[] =>
    nodes.flatMap((node) => [{ value: String(node.id), label: node.path }, ...flatten(node.children)]);
  return {
    list,
    categories: flatten(tree.categories),
    brands: brands.brands.map((brand) => ({ value: String(brand.id), label: brand.name })),
  };
}

/** A bulk edit from the list's selection (`{ ids, operation }` as JSON). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  await requirePermission('catalogue:write');
  const { ids, operation } = (await request.json()) as { ids: number[]; operation: unknown };
  const result = await attempt(() =>
    api.post<{ changed: number }>('/products/bulk', { selection: { productIds: ids }, operation }),
  );
  if (result.ok) toast.success(`${result.data.changed} product(s) changed.`);
  else toast.error(Object.values(result.error.fields ?? {})[0] ?? result.error.message);
  return result.ok ? { ok: true as const } : { ok: false as const, message: result.error.message };
}

const column = columnHelper<Row>();
const columns = [
  column.accessor('name', {
    header: 'Name',
    cell: (c) => <Link to={`/catalogue/products/${c.row.original.id}`}>{c.getValue()}</Link>,
  }),
  column.accessor('sku', { header: 'SKU' }),
  column.accessor('brand', { header: 'Brand', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
  column.accessor('stock', {
    header: 'Stock',
    enableSorting: false,
    cell: (c) => {
      const stock = c.getValue();
      if (stock === null) return <span className="muted">not tracked</span>;
      return <span className="number">{stock}</span>;
    },
  }),
  column.display({
    id: 'state',
    header: 'State',
    cell: (c) => (
      <span className="row">
        {c.row.original.isVisible ? <Badge tone="success">Visible</Badge> : <Badge>Hidden</Badge>}
        {c.row.original.onSale && <Badge tone="warning">Sale</Badge>}
        {c.row.original.isNew && <Badge tone="info">New</Badge>}
        {c.row.original.isRedesigned && <Badge tone="info">Redesigned</Badge>}
      </span>
    ),
  }),
  column.accessor('updatedAt', {
    id: 'updated',
    header: 'Changed',
    cell: (c) => new Date(c.getValue()).toLocaleString(),
  }),
];

type BulkOperation =
  | { type: 'sale'; percentOff: number }
  | { type: 'clear-sale' }
  | { type: 'visibility'; isVisible: boolean }
  | { type: 'flags'; isNew?: boolean; isRedesigned?: boolean };

function BulkActions({ ids, clear }: { ids: string[]; clear: () => void }) {
  const fetcher = useFetcher<typeof clientAction>();
  const [saleOpen, setSaleOpen] = useState(false);
  const [percent, setPercent] = useState('20');
  const busy = fetcher.state !== 'idle';
  const run = (operation: BulkOperation) => {
    void fetcher.submit({ ids: ids.map(Number), operation }, { method: 'post', encType: 'application/json' });
    clear();
  };
  const percentOff = Number(percent);
  const percentValid = Number.isFinite(percentOff) && percentOff > 0 && percentOff < 100;
  return (
    <span className="row">
      <button type="button" className="button" disabled={busy} onClick={() => setSaleOpen(true)}>
        Put on sale…
      </button>
      <button type="button" className="button" disabled={busy} onClick={() => run({ type: 'clear-sale' })}>
        Clear sale
      </button>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => run({ type: 'visibility', isVisible: true })}
      >
        Show
      </button>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => run({ type: 'visibility', isVisible: false })}
      >
        Hide
      </button>
      <button type="button" className="button" disabled={busy} onClick={() => run({ type: 'flags', isNew: true })}>
        Mark new
      </button>
      <button type="button" className="button" disabled={busy} onClick={() => run({ type: 'flags', isNew: false })}>
        Unmark new
      </button>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => run({ type: 'flags', isRedesigned: true })}
      >
        Mark redesigned
      </button>
      <ConfirmDialog
        open={saleOpen}
        title={`Put ${ids.length} product(s) on sale`}
        confirmLabel="Put on sale"
        busy={busy}
        onCancel={() => setSaleOpen(false)}
        onConfirm={() => {
          if (!percentValid) return;
          setSaleOpen(false);
          run({ type: 'sale', percentOff: Math.round(percentOff * 100) / 100 });
        }}
      >
        <label className="field">
          <span className="field__label">Percent off every price</span>
          <input
            className="input input--number"
            type="number"
            min={1}
            max={99}
            step="any"
            value={percent}
            aria-invalid={!percentValid || undefined}
            onChange={(event) => setPercent(event.target.value)}
          />
        </label>
        {!percentValid && <p className="field__error">Give a percentage above 0 and below 100.</p>}
        <p className="muted">
          Each sale price is the price less this percentage, rounded to the cent, in every region.
        </p>
      </ConfirmDialog>
    </span>
  );
}

export default function CatalogueIndex({ loaderData }: Route.ComponentProps) {
  const can = useCan();
  const { list, categories, brands } = loaderData;
  return (
    <>
      <PageHeader
        title="Catalogue"
        description="Products, variants, prices and stock."
        actions={
          can('catalogue:write') ? (
            <Link className="button button--primary" to="/catalogue/products/new">
              New product
            </Link>
          ) : undefined
        }
      />
      <CatalogueNav />
      <FilterBar>
        <FilterInput name="q" label="Search" type="search" placeholder="Name or SKU" />
        <FilterSelect name="category" label="Category" options={categories} />
        <FilterSelect name="brand" label="Brand" options={brands} />
        <FilterSelect
          name="visible"
          label="Visibility"
          options={[
            { value: 'true', label: 'Visible' },
            { value: 'false', label: 'Hidden' },
          ]}
        />
        <FilterSelect
          name="flag"
          label="Flag"
          options={[
            { value: 'new', label: 'New' },
            { value: 'redesigned', label: 'Redesigned' },
          ]}
        />
        <FilterSelect
          name="stock"
          label="Stock"
          options={[
            { value: 'out', label: 'Out of stock' },
            { value: 'low', label: 'Low stock' },
          ]}
        />
      </FilterBar>
      <DataTable
        caption="Products"
        noun="products"
        columns={columns}
        rows={list.products}
        total={list.total}
        getRowId={(row) => String(row.id)}
        defaultSort={{ id: 'name', desc: false }}
        bulkActions={can('catalogue:write') ? ({ ids, clear }) => <BulkActions ids={ids} clear={clear} /> : undefined}
      />
    </>
  );
}
