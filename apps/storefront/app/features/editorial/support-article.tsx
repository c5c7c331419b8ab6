import { LocaleLink } from '../../components/locale-link';
import { PageIntro } from '../../components/page-intro';
import { useDisplayText } from '../../lib/display-text';
import { RichText } from '../content/rich-text';
import type { SupportArticleView } from './editorial-view';
import { SupportContact } from './support-contact';
import styles from './support-article.module.css';

/** A support answer beside the ways to reach a person. */
export function SupportArticle({ article }: { article: SupportArticleView }) {
  const t = useDisplayText();
  return (
    <div className={styles.layout}>
      <article className={styles.article}>
        <LocaleLink to="/support" className={styles.back}>
          <span aria-hidden="true">←</span>
          {t('Back to support')}
        </LocaleLink>
        <PageIntro eyebrow={article.topic || t('Support')} title={article.title}>
          {article.summary || null}
        </PageIntro>
        <RichText html={article.bodyHtml} />
      </article>
      <SupportContact />
    </div>
  );
}
