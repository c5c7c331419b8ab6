import type { MetaDescriptor } from 'react-router';
import type { MediaConfig } from '../../components/image';
import { BRAND_TITLE } from '../../lib/brand';
import { ogImageUrl, seoMeta } from '../../lib/seo-meta';
import { blogPostingJsonLd, breadcrumbJsonLd, jsonLd, organizationJsonLd, productJsonLd } from './structured-data';
import type { BlogPostView } from '../editorial/editorial-view';
import type { ProductView } from '../catalogue/product-view';
import type { CurrencyFormatView } from '../../lib/money';
import type { SiteChromeView } from '../site-chrome/site-chrome-view';
import type { SeoHeadView } from './seo-head-view';

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

interface RootFacts {
  seo?: SeoHeadView;
  media?: MediaConfig;
  siteChrome?: SiteChromeView;
}

/**
 * The root loader's facts for a meta function. Its SEO facts belong to the page it was loaded
 * for: after a client navigation elsewhere (the root does not reload) they are left out.
 */
function rootFacts(matches: Matches, pathname: string) {
  const root = (matches.find((match) => match?.id === 'root')?.loaderData ?? {}) as RootFacts;
  const seo = root.seo?.pathname === pathname ? root.seo : undefined;
  return { seo, media: root.media, brand: root.siteChrome?.brand ?? null, origin: root.seo?.origin };
}

/** The brand's logo, for Organization and publisher (the shop's own mark, served at the root). */
function logoUrl(origin: string): string {
  return `${origin}/favicon.svg`;
}

/** The loader data of the product page that its meta and structured data read. */
export interface ProductPageFacts {
  product: ProductView;
  shopping: boolean;
  currency: CurrencyFormatView | null;
  /** The region's currency (ISO 4217); null where nothing is sold. */
  currencyCode?: string | null;
}

/**
 * Title, description, Open Graph (og:type product, image, price) and Twitter tags of a product
 * page, with its Product and BreadcrumbList JSON-LD (docs/seo.md).
 */
export function productPageMeta(page: ProductPageFacts, matches: Matches, pathname: string): MetaDescriptor[] {
  const { seo, media, origin } = rootFacts(matches, pathname);
  const { product } = page;
  if (!origin || !media) return seoMeta(undefined, { title: product.title, description: product.tagline });
  const url = seo?.canonical ?? `${origin}${pathname}`;
  const site = { url, media };
  const images = (product.colours[0]?.images ?? []).slice(0, 3).map((image) => ogImageUrl(image, false, site));
  const currencyCode = page.shopping ? (page.currencyCode ?? null) : null;
  const structured = productJsonLd({
    product,
    url,
    images,
    brand: BRAND_TITLE,
    currencyCode,
    decimalPlaces: page.currency?.decimal_places,
  });
  const offer = structured.offers;
  const price =
    currencyCode && offer && typeof offer === 'object' && 'price' in offer && typeof offer.price === 'number'
      ? { amount: offer.price, currency: currencyCode }
      : undefined;
  return [
    ...seoMeta(
      undefined,
      { title: product.title, description: product.tagline, type: 'product', image: images[0], price },
      site,
    ),
    jsonLd(structured),
    ...(seo && seo.breadcrumbs.length > 1 ? [jsonLd(breadcrumbJsonLd(seo.breadcrumbs))] : []),
  ];
}

/** A category page's BreadcrumbList (home, parent categories, the category). */
export function categoryStructuredData(matches: Matches, pathname: string): MetaDescriptor[] {
  const { seo } = rootFacts(matches, pathname);
  return seo && seo.breadcrumbs.length > 1 ? [jsonLd(breadcrumbJsonLd(seo.breadcrumbs))] : [];
}

/** The home page's Organization: the brand's name and social profiles from brand settings. */
export function homeStructuredData(matches: Matches, pathname: string): MetaDescriptor[] {
  const { brand, origin } = rootFacts(matches, pathname);
  if (!origin) return [];
  return [
    jsonLd(
      organizationJsonLd({
        name: brand?.displayName ?? BRAND_TITLE,
        url: `${origin}/`,
        logo: logoUrl(origin),
        sameAs: (brand?.social ?? []).map((profile) => profile.href),
      }),
    ),
  ];
}

/** A blog post's BlogPosting (an Article): headline, image, publication date and author. */
export function blogPostStructuredData(
  post: Pick<BlogPostView, 'title' | 'summary' | 'hero' | 'publishedDate' | 'author'>,
  site: { url: string; media: MediaConfig },
  matches: Matches,
  pathname: string,
): MetaDescriptor[] {
  const { brand } = rootFacts(matches, pathname);
  const origin = new URL(site.url).origin;
  return [
    jsonLd(
      blogPostingJsonLd({
        headline: post.title,
        description: post.summary || undefined,
        url: site.url,
        image: post.hero ? ogImageUrl(post.hero.amplience_id, post.hero.imageset === 'Yes', site) : undefined,
        datePublished: post.publishedDate,
        author: post.author,
        publisher: { name: brand?.displayName ?? BRAND_TITLE, logo: logoUrl(origin) },
      }),
    ),
  ];
}
