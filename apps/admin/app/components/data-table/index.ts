export {
  columnHelper,
  DataTable,
  dataTableFeatures,
  TableSkeleton,
  type DataTableColumn,
  type DataTableFeatures,
  type DataTableProps,
} from './data-table';
export { FilterBar, FilterInput, FilterSelect } from './filter-bar';
export { Pagination, type PaginationProps } from './pagination';
export { listQuery, PAGE_SIZES, readTableParams, withParams, type TableParams } from './table-params';
