import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import listing from './product-listing.module.css';
import { pageWindow } from './page-window';
import styles from './listing-pagination.module.css';

/**
 * The page links of a product listing (category and search pages), working without JavaScript.
 * Long lists show the ends and the pages around the current one, so a page's links stay a
 * handful however many products match. `current` may lie past the last page (an old link).
 */
export function ListingPagination({
  current,
  pageCount,
  pageHref,
}: {
  current: number;
  pageCount: number;
  /** The link to a page, without the locale. */
  pageHref: (page: number) => string;
}) {
  const t = useDisplayText();
  if (pageCount < 2) return null;
  return (
    <nav aria-label={t('Pages')} className={listing.pages}>
      {current > 1 ? (
        <LocaleLink to={pageHref(Math.min(current - 1, pageCount))} className={listing.pageLink} rel="prev">
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
            to={pageHref(item)}
            aria-current={item === current ? 'page' : undefined}
            className={item === current ? listing.currentPage : listing.pageLink}
          >
            {item}
          </LocaleLink>
        ),
      )}
      {current < pageCount ? (
        <LocaleLink to={pageHref(current + 1)} className={listing.pageLink} rel="next">
          <span aria-hidden="true">›</span>
          <span className={styles.visuallyHidden}>{t('Next page')}</span>
        </LocaleLink>
      ) : null}
    </nav>
  );
}
