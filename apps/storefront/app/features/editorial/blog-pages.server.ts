import { data } from 'react-router';
import type { SeoMeta } from '@piste/content';
import { inRegion, resolvedReferences } from '@piste/content/server';
import type { LocaleState } from '@piste/core';
import type { LoadContextOf } from '@piste/server/load-context';
import { RELATED_POST_COUNT, relatedPosts, toBlogCard, toBlogCategoryLink, toBlogPost } from './blog-view.server';
import { entryUrl } from './editorial-path';
import type { BlogCardView, BlogPostView, EditorialLinkView } from './editorial-view';

type BlogReads = LoadContextOf<'content'>;

export interface BlogListData {
  posts: BlogCardView[];
  categories: EditorialLinkView[];
}

export interface BlogCategoryData extends BlogListData {
  category: { title: string; description: string; path: string; seo: SeoMeta | undefined };
}

export interface BlogPostData {
  post: BlogPostView;
  related: BlogCardView[];
  seo: SeoMeta | undefined;
}

/**
 * `/blog`: every post of the visitor's content region, newest first, and the categories to filter
 * by. Content failures give empty lists.
 */
export async function loadBlogList(context: BlogReads, localeState: LocaleState): Promise<BlogListData> {
  const { client } = context.services.content;
  const [posts, categories] = await Promise.all([
    client.blogPosts(localeState.contentLocale),
    client.blogCategories(localeState.contentLocale),
  ]);
  return {
    posts: inRegion(posts, localeState.ctsRegion).map((post) => toBlogCard(post, localeState.locale)),
    categories: categories.map(toBlogCategoryLink),
  };
}

/** `/blog/{uid}`: the category whose url is `/{uid}` and its posts; 404 when there is none. */
export async function loadBlogCategory(
  context: BlogReads,
  localeState: LocaleState,
  uid: string,
): Promise<BlogCategoryData> {
  const { client } = context.services.content;
  const categories = await client.blogCategories(localeState.contentLocale);
  const category = categories.find((candidate) => candidate.url === entryUrl(uid));
  if (!category) throw data(null, { status: 404 });
  const posts = await client.blogPosts(localeState.contentLocale, { categoryUid: category.uid });
  return {
    category: {
      title: category.title,
      description: category.description ?? '',
      path: toBlogCategoryLink(category).path,
      seo: category.seo_meta,
    },
    categories: categories.map(toBlogCategoryLink),
    posts: inRegion(posts, localeState.ctsRegion).map((post) => toBlogCard(post, localeState.locale)),
  };
}

/**
 * `/blog/p/{uid}`: the post whose url is `/{uid}` with the newest posts of its category; 404 when
 * missing or not shown in the visitor's content region.
 */
export async function loadBlogPost(context: BlogReads, localeState: LocaleState, uid: string): Promise<BlogPostData> {
  const { client } = context.services.content;
  const post = await client.blogPost(localeState.contentLocale, entryUrl(uid));
  if (!post || inRegion([post], localeState.ctsRegion).length === 0) throw data(null, { status: 404 });
  const category = resolvedReferences(post.blog_category)[0];
  // One more than shown, in case the post itself is among its category's newest.
  const sameCategory = category
    ? await client.blogPosts(localeState.contentLocale, { categoryUid: category.uid, limit: RELATED_POST_COUNT + 1 })
    : [];
  return {
    post: toBlogPost(post, localeState.locale),
    related: relatedPosts(inRegion(sameCategory, localeState.ctsRegion), post, localeState.locale),
    seo: post.seo_meta,
  };
}
