import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import { BlogCard } from './blog-card';
import type { BlogCardView, EditorialLinkView } from './editorial-view';
import styles from './blog-index.module.css';

/** The category filter of the blog: all stories, then each category; the current one is marked. */
export function BlogCategoryNav({ categories, current }: { categories: EditorialLinkView[]; current: string }) {
  const t = useDisplayText();
  if (categories.length === 0) return null;
  const links = [{ title: t('All stories'), path: '/blog' }, ...categories];
  return (
    <nav aria-label={t('Blog categories')} className={styles.categories}>
      <ul>
        {links.map((link) => (
          <li key={link.path}>
            <LocaleLink
              to={link.path}
              className={styles.category}
              aria-current={link.path === current ? 'page' : undefined}
              preventScrollReset
            >
              {link.title}
            </LocaleLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Posts as a grid of cards, or a friendly note when there are none yet. */
export function BlogCardGrid({ posts }: { posts: BlogCardView[] }) {
  const t = useDisplayText();
  if (posts.length === 0) {
    return (
      <div className={styles.empty}>
        <h2>{t('No stories yet')}</h2>
        <p>{t('We are out riding. New stories will be here soon.')}</p>
        <LocaleLink to="/" className="button-secondary">
          {t('Continue shopping')}
        </LocaleLink>
      </div>
    );
  }
  return (
    <ul className={styles.grid}>
      {posts.map((post, index) => (
        <li key={post.uid}>
          <BlogCard post={post} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}
