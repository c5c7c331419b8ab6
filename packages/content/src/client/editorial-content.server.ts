import { PAGE_SUMMARY_FIELDS, type EditorialContent } from './content-client-contract';
import type { NamedQueryKit } from './named-queries.server';

/** Both page types can hold either group (the home page is a `page` with landing modules). */
const PAGE_BANNERS_INCLUDE = ['generic_page.banners', 'landing_page.modules.banner.banner'];
const PAGE_INCLUDE = [...PAGE_BANNERS_INCLUDE, 'landing_page.modules.product_slider.products'];

export function createEditorialContent(kit: NamedQueryKit): EditorialContent {
  const { entries, degrade, byUrl } = kit;
  return {
    pagesByUids(locale, uids) {
      if (uids.length === 0) return Promise.resolve([]);
      const query = { uid: { $in: uids } };
      return degrade('pages', [], async () => {
        const [pages, landingPages] = await Promise.all([
          entries('page', { locale, query, include: PAGE_BANNERS_INCLUDE, only: PAGE_SUMMARY_FIELDS }),
          entries('landing_page', { locale, query, include: PAGE_BANNERS_INCLUDE, only: PAGE_SUMMARY_FIELDS }),
        ]);
        return [...pages, ...landingPages];
      });
    },

    pageByUrl(locale, url) {
      return degrade('page', null, async () => {
        const [pages, landingPages] = await Promise.all([
          entries('page', { locale, query: { url }, include: PAGE_INCLUDE, limit: 1 }),
          entries('landing_page', { locale, query: { url }, include: PAGE_INCLUDE, limit: 1 }),
        ]);
        return pages[0] ?? landingPages[0] ?? null;
      });
    },

    blogCategories(locale) {
      return degrade('blog_category', [], () => entries('blog_category', { locale }));
    },

    blogPosts(locale, filters = {}) {
      return degrade('blog', [], () =>
        entries('blog', {
          locale,
          query: filters.categoryUid === undefined ? undefined : { 'blog_category.uid': filters.categoryUid },
          include: ['blog_category'],
          desc: 'published_date',
          limit: filters.limit,
        }),
      );
    },

    blogPost(locale, url) {
      return byUrl('blog', locale, url, ['blog_category']);
    },

    supportArticles(locale, ctsRegion) {
      return degrade('support', [], () => entries('support', { locale, query: { regions: ctsRegion } }));
    },

    supportArticle(locale, url) {
      return byUrl('support', locale, url);
    },

    athletes(locale) {
      return degrade('team_page', [], () => entries('team_page', { locale }));
    },

    athlete(locale, url) {
      return byUrl('team_page', locale, url, ['products']);
    },

    stores(locale, ctsRegion) {
      return degrade('store', [], () => entries('store', { locale, query: { regions: ctsRegion } }));
    },
  };
}
