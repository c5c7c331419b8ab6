import type { ImageSize } from '@piste/media';
import { Image } from '../../components/image';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import type { BlogCardView } from './editorial-view';
import styles from './blog-card.module.css';

/** 3:2 like the photographs: full width below 600 px, a third of the content column above. */
const BLOG_CARD_SIZES: ImageSize[] = [
  { width: 600, height: 400, breakpoint: { max: 599 }, slot: 'calc(100vw - 2rem)' },
  { width: 456, height: 304 },
];

/** The date and reading time of a post, shared by cards and the post's own header. */
export function PostMeta({
  post,
}: {
  post: Pick<BlogCardView, 'publishedDate' | 'publishedLabel' | 'readingMinutes'>;
}) {
  const t = useDisplayText();
  return (
    <p className={styles.meta}>
      {post.publishedLabel ? (
        <>
          <span className={styles.visuallyHidden}>{t('Published')} </span>
          <time dateTime={post.publishedDate}>{post.publishedLabel}</time>
          <span aria-hidden="true"> · </span>
        </>
      ) : null}
      {post.readingMinutes} {t('min read')}
    </p>
  );
}

/** A post in a list: hero, category, title (the link), summary, date and reading time. */
export function BlogCard({
  post,
  headingLevel = 2,
  priority = false,
}: {
  post: BlogCardView;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.card}>
      {/* The title is the card's link; the image repeats it for pointers only. */}
      <LocaleLink to={post.path} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
        {post.hero ? (
          <Image
            filename={post.hero.amplience_id}
            set={post.hero.imageset === 'Yes'}
            sizes={BLOG_CARD_SIZES}
            poi={{ x: 0.5, y: 0.5 }}
            alt=""
            priority={priority}
          />
        ) : (
          <span className={styles.noImage} />
        )}
      </LocaleLink>
      {post.category ? <p className={styles.category}>{post.category.title}</p> : null}
      <Heading className={styles.title}>
        <LocaleLink to={post.path}>{post.title}</LocaleLink>
      </Heading>
      {post.summary ? <p className={styles.summary}>{post.summary}</p> : null}
      <PostMeta post={post} />
    </article>
  );
}
