import type { ReactNode } from 'react';
import { Form, Link, useSearchParams } from 'react-router';

/**
 * The filters above a list: a GET form, so they land in the URL with the list's sort and page
 * size (a new filter starts again at page 1). Put plain named inputs in it, their values read
 * from `useSearchParams()` as `defaultValue`; the `clientLoader` passes them on (`listQuery`).
 */
export function FilterBar({ children, label = 'Filters' }: { children: ReactNode; label?: string }) {
  const [search] = useSearchParams();
  const sort = search.get('sort');
  const pageSize = search.get('pageSize');
  return (
    <Form method="get" className="filter-bar" role="search" aria-label={label}>
      {children}
      {sort && <input type="hidden" name="sort" value={sort} />}
      {pageSize && <input type="hidden" name="pageSize" value={pageSize} />}
      <div className="filter-bar__actions">
        <button type="submit" className="button">
          Apply
        </button>
        <Link className="button button--quiet" to="?">
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** One labelled filter input of a `FilterBar` (text, search, date, number). */
export function FilterInput({
  name,
  label,
  type = 'search',
  placeholder,
}: {
  name: string;
  label: string;
  type?: 'search' | 'text' | 'date' | 'number';
  placeholder?: string;
}) {
  const [search] = useSearchParams();
  return (
    <label className="filter-bar__field">
      <span>{label}</span>
      <input
        className="input input--compact"
        type={type}
        name={name}
        placeholder={placeholder}
        defaultValue={search.get(name) ?? ''}
        key={search.get(name) ?? ''}
      />
    </label>
  );
}

/** One labelled choice of a `FilterBar`; the first option is "All" (no filter). */
export function FilterSelect({
  name,
  label,
  options,
  allLabel = 'All',
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
}) {
  const [search] = useSearchParams();
  return (
    <label className="filter-bar__field">
      <span>{label}</span>
      <select
        className="input input--compact"
        name={name}
        defaultValue={search.get(name) ?? ''}
        key={search.get(name) ?? ''}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
