import { PageIntro } from '../../components/page-intro';
import { BlogCardGrid, BlogCategoryNav } from '../../features/editorial/blog-index';
import { loadBlogCategory } from '../../features/editorial/blog-pages.server';
import { useDisplayText } from '../../lib/display-text';
import { seoMeta } from '../../lib/seo-meta';
import { seoSite } from '../../lib/seo-site.server';
import type { Route } from './+types/blog-category';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { localeState } = context;
  return { ...(await loadBlogCategory(context, localeState, params.uid)), site: seoSite(request, context) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? seoMeta(
        loaderData.category.seo,
        { title: loaderData.category.title, description: loaderData.category.description },
        loaderData.site,
      )
    : [];

/** Spec §2 `/{lang}/blog/{uid}`: the posts of one category (404 for an unknown one). */
export default function BlogCategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, categories, posts } = loaderData;
  const t = useDisplayText();
  return (
    <>
      <PageIntro eyebrow={t('Journal')} title={category.title}>
        {category.description || null}
      </PageIntro>
      <BlogCategoryNav categories={categories} current={category.path} />
      <BlogCardGrid posts={posts} />
    </>
  );
}
