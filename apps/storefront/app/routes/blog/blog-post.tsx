import { loadBlogPost } from '../../features/editorial/blog-pages.server';
import { BlogPostArticle } from '../../features/editorial/blog-post-article';
import { blogPostStructuredData } from '../../features/seo/page-structured-data';
import { ShareButton } from '../../features/share/share-button';
import { seoMeta } from '../../lib/seo-meta';
import { seoSite } from '../../lib/seo-site.server';
import type { Route } from './+types/blog-post';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { localeState } = context;
  return { ...(await loadBlogPost(context, localeState, params.uid)), site: seoSite(request, context) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  loaderData
    ? [
        ...seoMeta(
          loaderData.seo,
          { title: loaderData.post.title, description: loaderData.post.summary, type: 'article' },
          loaderData.site,
        ),
        // BlogPosting (an Article) for search results (docs/seo.md).
        ...blogPostStructuredData(loaderData.post, loaderData.site, matches, location.pathname),
      ]
    : [];

/** Spec §2 `/{lang}/blog/p/{uid}` (404 for an unknown post). */
export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, related, site } = loaderData;
  return (
    <BlogPostArticle
      post={post}
      related={related}
      share={
        <ShareButton
          title={post.title}
          url={site.url}
          description={post.summary || undefined}
          image={post.hero ? { mediaId: post.hero.amplience_id, set: post.hero.imageset === 'Yes' } : undefined}
        />
      }
    />
  );
}
