/**
 * robots.txt: crawl the shop, not its private or transactional pages (they are noindex or
 * personal), not its API or route data, and not faceted category URLs: filters and sort
 * multiply one category into endless near-duplicates, which Google's guidance on faceted
 * navigation says to keep out of the crawl. Pagination (`?page=`) stays crawlable, so every
 * product is reachable through its category too.
 */
export const CATEGORY_FACETS = ['colour', 'size', 'attr', 'min', 'max', 'instock', 'sort'] as const;

export function robotsTxt(origin: string): string {
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /graphql',
    'Disallow: /_dev/',
    'Disallow: /__manifest',
    // React Router's route data (`/path.data`), fetched by pages, never a page itself.
    'Disallow: /*.data$',
    'Disallow: /*.data?',
    'Disallow: /*/account',
    'Disallow: /*/cart',
    'Disallow: /*/checkout',
    'Disallow: /*/order-status',
    'Disallow: /*/search',
    ...CATEGORY_FACETS.flatMap((facet) => [`Disallow: /*/c/*?${facet}=`, `Disallow: /*/c/*&${facet}=`]),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
  ];
  return `${lines.join('\n')}\n`;
}
