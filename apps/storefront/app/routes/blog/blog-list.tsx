import { PageIntro } from '../../components/page-intro';
import { BlogCardGrid, BlogCategoryNav } from '../../features/editorial/blog-index';
import { loadBlogList } from '../../features/editorial/blog-pages.server';
import { metaDisplayText } from '../../features/editorial/editorial-meta';
import { useDisplayText } from '../../lib/display-text';
import { seoMeta } from '../../lib/seo-meta';
import { seoSite } from '../../lib/seo-site.server';
import type { Route } from './+types/blog-list';

const LEDE = 'Stories from the mountain: trips, gear guides and the people who ride.';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { localeState } = context;
  return { ...(await loadBlogList(context, localeState)), site: seoSite(request, context) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaDisplayText(matches);
  return seoMeta(undefined, { title: t('Journal'), description: t(LEDE) }, loaderData?.site);
};

/** Spec §2 `/{lang}/blog`: every post, newest first, with the categories to narrow it down. */
export default function BlogListPage({ loaderData }: Route.ComponentProps) {
  const { posts, categories } = loaderData;
  const t = useDisplayText();
  return (
    <>
      <PageIntro eyebrow={t('Blog')} title={t('Journal')}>
        {t(LEDE)}
      </PageIntro>
      <BlogCategoryNav categories={categories} current="/blog" />
      <BlogCardGrid posts={posts} />
    </>
  );
}
