import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import {
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type CellData,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type TableFeatures,
  type Updater,
} from '@tanstack/react-table';
import { EmptyState } from '../states';
import { Pagination } from './pagination';
import { readTableParams, withParams } from './table-params';

declare module '@tanstack/table-core' {
  // Type parameters as table-core declares them, for the declarations to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<in out TFeatures extends TableFeatures, in out TData extends RowData, TValue extends CellData> {
    /** Amounts and counts: right-aligned, so their figures line up (`meta: { numeric: true }`). */
    numeric?: boolean;
  }
}

/** Sorting and selection only: the server pages, sorts and filters (the URL says how). */
export const dataTableFeatures = tableFeatures({ rowSortingFeature, rowSelectionFeature });
export type DataTableFeatures = typeof dataTableFeatures;

/**
 * Columns for a `DataTable` of `T`, made once at module scope:
 * `const column = columnHelper<Order>(); const columns = [column.accessor('number', { header: 'Order' }), …]`.
 * A column's id is the API's sort key; `enableSorting: false` for those the API cannot sort by.
 */
export function columnHelper<T extends RowData>() {
  return createColumnHelper<DataTableFeatures, T>();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of mixed value types, as TanStack types them
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

export interface DataTableProps<T extends RowData> {
  /** Names the table for screen readers (a caption, visually hidden). */
  caption: string;
  columns: readonly DataTableColumn<T>[];
  /** The rows of the page being shown. */
  rows: readonly T[];
  /** Rows matching the filters across all pages: drives the pagination. */
  total: number;
  getRowId: (row: T) => string;
  /** What the rows are, for the pagination ("orders"). */
  noun?: string;
  /** Sorted by when the URL says nothing (shown in the header; the API applies its own default). */
  defaultSort?: { id: string; desc: boolean };
  /** Checkboxes on each row; given the chosen ids, shows these actions above the table. */
  bulkActions?: (selected: { ids: string[]; rows: T[]; clear: () => void }) => ReactNode;
  /** Shown when there are no rows (default: "Nothing found" and a hint about the filters). */
  empty?: ReactNode;
}

const emptySelection: RowSelectionState = {};

/**
 * A list from the server: one page of rows, with sorting and paging kept in the URL (so a list
 * can be linked, reloaded and gone back to), optional row selection for bulk actions, a loading
 * state while the next page comes, and an empty state.
 */
export function DataTable<T extends RowData>({
  caption,
  columns,
  rows,
  total,
  getRowId,
  noun,
  defaultSort,
  bulkActions,
  empty,
}: DataTableProps<T>) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>(emptySelection);

  const { sort, order } = readTableParams(search, { sort: defaultSort?.id, order: defaultSort?.desc ? 'desc' : 'asc' });
  const sorting = useMemo<SortingState>(() => (sort ? [{ id: sort, desc: order === 'desc' }] : []), [sort, order]);

  const table = useTable({
    features: dataTableFeatures,
    columns: columns as DataTableColumn<T>[],
    data: rows as T[],
    getRowId: (row) => getRowId(row),
    state: { sorting, rowSelection },
    manualSorting: true,
    enableMultiSort: false,
    enableRowSelection: Boolean(bulkActions),
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const [first] = next;
      navigate(`?${withParams(search, { sort: first ? `${first.desc ? '-' : ''}${first.id}` : null })}`);
    },
    onRowSelectionChange: setRowSelection,
  });

  // Another page of this list is on its way (paging, sorting, filtering): dim the rows meanwhile.
  const loading = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const selectedRows = rows.filter((row) => rowSelection[getRowId(row)]);
  const columnCount = columns.length + (bulkActions ? 1 : 0);

  return (
    <div className="data-table">
      {bulkActions && selectedIds.length > 0 && (
        <div className="data-table__bulk" role="region" aria-label="Bulk actions">
          <span>{selectedIds.length} selected</span>
          {bulkActions({ ids: selectedIds, rows: selectedRows, clear: () => setRowSelection(emptySelection) })}
          <button type="button" className="button button--quiet" onClick={() => setRowSelection(emptySelection)}>
            Clear selection
          </button>
        </div>
      )}
      <div className="data-table__scroll">
        <table className={`table${loading ? ' table--loading' : ''}`} aria-busy={loading || undefined}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {bulkActions && (
                  <th scope="col" className="table__select">
                    <input
                      type="checkbox"
                      aria-label="Select all rows on this page"
                      checked={table.getIsAllPageRowsSelected()}
                      ref={(box) => {
                        if (box) box.indeterminate = table.getIsSomePageRowsSelected();
                      }}
                      onChange={table.getToggleAllPageRowsSelectedHandler()}
                    />
                  </th>
                )}
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={header.column.columnDef.meta?.numeric ? 'table__numeric' : undefined}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <button type="button" className="table__sort" onClick={header.column.getToggleSortingHandler()}>
                          <table.FlexRender header={header} />
                          <span className="table__sort-icon" aria-hidden="true">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={columnCount}>
                  {empty ?? (
                    <EmptyState title={`No ${noun ?? 'results'} found`}>
                      {search.size > 0 ? 'Try other filters, or clear them.' : null}
                    </EmptyState>
                  )}
                </td>
              </tr>
            )}
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={row.getIsSelected() ? 'is-selected' : undefined}>
                {bulkActions && (
                  <td className="table__select">
                    <input
                      type="checkbox"
                      aria-label={`Select row ${row.id}`}
                      checked={row.getIsSelected()}
                      disabled={!row.getCanSelect()}
                      onChange={row.getToggleSelectedHandler()}
                    />
                  </td>
                )}
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={cell.column.columnDef.meta?.numeric ? 'table__numeric' : undefined}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination total={total} noun={noun} />
    </div>
  );
}

/** Placeholder rows while a list's first page loads (e.g. in a route's `HydrateFallback`). */
export function TableSkeleton({ columns = 5, rows = 8 }: { columns?: number; rows?: number }) {
  return (
    <div className="data-table" aria-hidden="true">
      <table className="table table--skeleton">
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            <tr key={row}>
              {Array.from({ length: columns }, (_, column) => (
                <td key={column}>
                  <span className="skeleton__line" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
