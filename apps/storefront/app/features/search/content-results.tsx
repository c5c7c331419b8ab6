import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import type { ContentType } from './search-requests';
import type { ContentResultView } from './search-response';
import styles from './content-results.module.css';

const TYPE_LABELS: Record<ContentType, string> = {
  page: 'Page',
  blog_post: 'Story',
  support: 'Support',
  athlete: 'Athlete',
};

/**
 * Pages, stories, support articles and athletes the query found. Titles and excerpts are the
 * engine's snippets: HTML-escaped by it with matches in `<em>`, so they are the only HTML injected.
 */
export function ContentResults({
  results,
  onOpen,
}: {
  results: ContentResultView[];
  onOpen: (documentId: string) => void;
}) {
  const t = useDisplayText();
  if (results.length === 0) return null;
  return (
    <section aria-labelledby="content-results-heading" className={styles.section}>
      <h2 id="content-results-heading" className={styles.heading}>
        {t('Pages and articles')}
      </h2>
      <ul className={styles.list}>
        {results.map((result) => (
          <li key={result.documentId} className={styles.item}>
            <span className={styles.type}>{t(TYPE_LABELS[result.type])}</span>
            <h3 className={styles.title}>
              <LocaleLink to={result.url} onClick={() => onOpen(result.documentId)}>
                {result.titleHtml ? <span dangerouslySetInnerHTML={{ __html: result.titleHtml }} /> : result.title}
              </LocaleLink>
            </h3>
            {result.excerptHtml ? (
              <p className={styles.excerpt} dangerouslySetInnerHTML={{ __html: result.excerptHtml }} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
