import type { ReactNode } from 'react';
import type { ImageSize } from '@piste/media';
import { Image } from '../../components/image';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import { RichText } from '../content/rich-text';
import { BlogCard, PostMeta } from './blog-card';
import type { BlogCardView, BlogPostView } from './editorial-view';
import styles from './blog-post-article.module.css';

/** A wide 2:1 crop of the 3:2 photograph: full width on phones, the content column above. */
const POST_HERO_SIZES: ImageSize[] = [
  { width: 768, height: 384, breakpoint: { max: 768 }, slot: '100vw' },
  { width: 1152, height: 576, slot: 'min(100vw - 2rem, 72rem)' },
];

/** A blog post: header (with the page's `share` control), hero, sanitized body, the way back, and its category's other posts. */
export function BlogPostArticle({
  post,
  related,
  share,
}: {
  post: BlogPostView;
  related: BlogCardView[];
  share?: ReactNode;
}) {
  const t = useDisplayText();
  return (
    <>
      <article className={styles.post}>
        <header className={styles.header}>
          <LocaleLink to="/blog" className={styles.back}>
            <span aria-hidden="true">←</span>
            {t('Back to blog')}
          </LocaleLink>
          {post.category ? (
            <LocaleLink to={post.category.path} className={styles.category}>
              {post.category.title}
            </LocaleLink>
          ) : null}
          <h1 className={styles.title}>{post.title}</h1>
          {post.summary ? <p className={styles.summary}>{post.summary}</p> : null}
          <div className={styles.byline}>
            {post.author ? <p className={styles.author}>{t('By {author}', { author: post.author })}</p> : null}
            <PostMeta post={post} />
          </div>
          {share}
        </header>
        {post.hero ? (
          <Image
            className={styles.hero}
            filename={post.hero.amplience_id}
            set={post.hero.imageset === 'Yes'}
            sizes={POST_HERO_SIZES}
            poi={{ x: 0.5, y: 0.5 }}
            alt={post.hero.alt_text ?? ''}
            priority
          />
        ) : null}
        <RichText html={post.bodyHtml} className={styles.body} />
      </article>
      {related.length > 0 ? (
        <section className={styles.related} aria-labelledby="related-posts-heading">
          <h2 id="related-posts-heading" className={styles.relatedHeading}>
            {t('Read more')}
          </h2>
          <ul className={styles.relatedGrid}>
            {related.map((card) => (
              <li key={card.uid}>
                <BlogCard post={card} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
