import { Link, useSearchParams, useNavigate } from 'react-router';
import { PAGE_SIZES, readTableParams, withParams } from './table-params';

export interface PaginationProps {
  /** Rows matching the filters, across every page. */
  total: number;
  /** What the rows are, for "1–25 of 340 orders". */
  noun?: string;
}

/** Previous / next and the page size of a list whose paging lives in the URL. */
export function Pagination({ total, noun = 'results' }: PaginationProps) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { page, pageSize } = readTableParams(search);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const pageLink = (target: number) => `?${withParams(search, { page: target === 1 ? null : target })}`;

  return (
    <nav className="pagination" aria-label="Pages">
      <p className="pagination__summary" aria-live="polite">
        {total === 0 ? `No ${noun}` : `${first}–${last} of ${total.toLocaleString('en-GB')} ${noun}`}
      </p>
      <label className="pagination__size">
        <span>Rows per page</span>
        <select
          className="input input--compact"
          value={pageSize}
          onChange={(event) => navigate(`?${withParams(search, { pageSize: Number(event.target.value) })}`)}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <div className="pagination__pages">
        {page > 1 ? (
          <Link className="button button--small" to={pageLink(page - 1)} rel="prev">
            ← Previous
          </Link>
        ) : (
          <span className="button button--small" aria-disabled="true">
            ← Previous
          </span>
        )}
        <span className="pagination__page">
          Page {Math.min(page, pages)} of {pages}
        </span>
        {page < pages ? (
          <Link className="button button--small" to={pageLink(page + 1)} rel="next">
            Next →
          </Link>
        ) : (
          <span className="button button--small" aria-disabled="true">
            Next →
          </span>
        )}
      </div>
    </nav>
  );
}
