import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import type { SupportTopicView } from './editorial-view';
import styles from './support-topics.module.css';

/** The support articles by topic, each a link with its summary; a note and the stores when there are none. */
export function SupportTopics({ topics }: { topics: SupportTopicView[] }) {
  const t = useDisplayText();
  if (topics.length === 0) {
    return (
      <div className={styles.empty}>
        <h2>{t('No answers here yet')}</h2>
        <p>{t('Our team and our dealers are happy to help in the meantime.')}</p>
        <LocaleLink to="/stores" className="button-secondary">
          {t('Find a store')}
        </LocaleLink>
      </div>
    );
  }
  return (
    <div className={styles.topics}>
      {topics.map((group, index) => {
        const headingId = `support-topic-${index}`;
        return (
          <section key={group.topic} className={styles.topic} aria-labelledby={headingId}>
            <h2 id={headingId} className={styles.topicHeading}>
              {group.topic || t('Other')}
            </h2>
            <ul className={styles.articles}>
              {group.articles.map((article) => (
                <li key={article.uid}>
                  <LocaleLink to={article.path} className={styles.article}>
                    <span className={styles.articleTitle}>{article.title}</span>
                    {article.summary ? <span className={styles.articleSummary}>{article.summary}</span> : null}
                  </LocaleLink>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
