import type { BlogCategoryEntry, BlogEntry } from '@piste/content';
import { resolvedReferences } from '@piste/content/server';
import { formatPublishedDate, readingMinutes } from './editorial-format';
import { editorialHtml } from './editorial-html.server';
import { editorialPath } from './editorial-path';
import type { BlogCardView, BlogPostView, EditorialLinkView } from './editorial-view';

/** How many posts of the same category a post suggests. */
export const RELATED_POST_COUNT = 3;

export function toBlogCategoryLink(category: Pick<BlogCategoryEntry, 'title' | 'url'>): EditorialLinkView {
  return { title: category.title, path: editorialPath('blog_category', category.url) };
}

/** A post as a card; `locale` is the page's locale (de-de), which writes the date. */
export function toBlogCard(post: BlogEntry, locale: string): BlogCardView {
  const category = resolvedReferences(post.blog_category)[0];
  return {
    uid: post.uid,
    title: post.title,
    summary: post.summary ?? '',
    path: editorialPath('blog', post.url),
    hero: post.hero?.amplience_id ? post.hero : null,
    publishedDate: post.published_date,
    publishedLabel: formatPublishedDate(post.published_date, locale),
    readingMinutes: readingMinutes(post.body ?? ''),
    category: category ? toBlogCategoryLink(category) : null,
  };
}

/** A whole post, its body sanitized (docs/content.md: rich text is sanitized on the server). */
export function toBlogPost(post: BlogEntry, locale: string): BlogPostView {
  return { ...toBlogCard(post, locale), author: post.author ?? '', bodyHtml: editorialHtml(post.body ?? '', locale) };
}

/** The category's other posts, newest first as the client reads them, the post itself left out. */
export function relatedPosts(posts: readonly BlogEntry[], current: BlogEntry, locale: string): BlogCardView[] {
  return posts
    .filter((post) => post.uid !== current.uid)
    .slice(0, RELATED_POST_COUNT)
    .map((post) => toBlogCard(post, locale));
}
