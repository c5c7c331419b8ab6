import type { ReactNode } from 'react';
import { PageIntro } from '../../components/page-intro';
import { PageModules } from '../content/page-modules';
import { RichText } from '../content/rich-text';
import type { ContentPageView } from '../editorial/editorial-view';
import bodyStyles from '../editorial/content-page-body.module.css';
import styles from './pro-content-page.module.css';

interface ProContentPageProps {
  /** The page's content entry (url `/pro`, `/proclub`); without one the built-in intro stands in. */
  page: ContentPageView | null;
  eyebrow: string;
  /** Translated; used when content has no page. */
  fallbackTitle: string;
  fallbackLede?: ReactNode;
  /** The shopper's own part (status, forms), between the intro and the editors' copy. */
  children: ReactNode;
}

/**
 * A pro page: the editors' title, banners and text from content, with the shopper's own
 * part under the title. A flush-banner page shows its banners first, as content pages do.
 */
export function ProContentPage({ page, eyebrow, fallbackTitle, fallbackLede, children }: ProContentPageProps) {
  const modules =
    page && page.modules.length > 0 ? (
      <PageModules modules={page.modules} currency={page.currency} language={page.language} />
    ) : null;
  const text = page?.contentHtml ? <RichText html={page.contentHtml} className={bodyStyles.text} /> : null;
  const intro = (
    <PageIntro eyebrow={eyebrow} title={page?.title ?? fallbackTitle}>
      {page ? null : fallbackLede}
    </PageIntro>
  );
  if (page?.layout === 'flush-banner') {
    return (
      <article>
        {modules}
        <div className={bodyStyles.column}>
          {intro}
          <div className={styles.own}>{children}</div>
          {text}
        </div>
      </article>
    );
  }
  return (
    <article>
      {intro}
      <div className={styles.own}>{children}</div>
      {modules}
      {text}
    </article>
  );
}
