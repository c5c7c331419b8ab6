import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import listing from '../catalogue/product-listing.module.css';
import { pageWindow } from './page-window';
import { searchPath, type SearchQuery } from './search-query';
import styles from './search-pagination.module.css';

/** Page links that work without JavaScript; long lists show the ends and the pages around the current one. */
export function SearchPagination({ query, pageCount }: { query: SearchQuery; pageCount: number }) {
  const t = useDisplayText();
  if (pageCount < 2) return null;
  const current = Math.min(query.page, pageCount);
  return (
    <nav aria-label={t('Pages')} className={listing.pages}>
      {current > 1 ? (
        <LocaleLink to={searchPath(query, { page: current - 1 })} className={listing.pageLink} rel="prev">
          <span aria-hidden="true">‹</span>
          <span className={styles.visuallyHidden}>{t('Previous page')}</span>
        </LocaleLink>
      ) : null}
      {pageWindow(current, pageCount).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className={styles.gap} aria-hidden="true">
            …
          </span>
        ) : (
          <LocaleLink
            key={item}
            to={searchPath(query, { page: item })}
            aria-current={item === current ? 'page' : undefined}
            className={item === current ? listing.currentPage : listing.pageLink}
          >
            {item}
          </LocaleLink>
        ),
      )}
      {current < pageCount ? (
        <LocaleLink to={searchPath(query, { page: current + 1 })} className={listing.pageLink} rel="next">
          <span aria-hidden="true">›</span>
          <span className={styles.visuallyHidden}>{t('Next page')}</span>
        </LocaleLink>
      ) : null}
    </nav>
  );
}
