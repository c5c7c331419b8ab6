import { resolveLocaleState } from '@piste/core';
import { loadBlogPost } from '../../features/editorial/blog-pages.server';
import { BlogPostArticle } from '../../features/editorial/blog-post-article';
import { seoMeta } from '../../lib/seo-meta';
import { seoSite } from '../../lib/seo-site.server';
import type { Route } from './+types/blog-post';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const localeState = resolveLocaleState({ locale: params.lang, isPro: context.customer?.isPro });
  return { ...(await loadBlogPost(context, localeState, params.uid)), site: seoSite(request, context) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? seoMeta(
        loaderData.seo,
        { title: loaderData.post.title, description: loaderData.post.summary, type: 'article' },
        loaderData.site,
      )
    : [];

/** Spec §2 `/{lang}/blog/p/{uid}` (404 for an unknown post). */
export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  return <BlogPostArticle post={loaderData.post} related={loaderData.related} />;
}
