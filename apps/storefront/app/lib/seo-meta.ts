import type { MetaDescriptor } from 'react-router';
import type { SeoMeta } from '@piste/content';
import { buildImage, contentImageDescriptor, NOMINAL_DPI } from '@piste/media';
import type { MediaConfig } from '../components/image';
import { BRAND_TITLE, pageTitle } from './brand';

/** Where a page lives: its absolute URL (og:url, and the base of og:image) and the media service. */
export interface SeoSite {
  url: string;
  media: MediaConfig;
}

/** The size social networks crop link previews to (1.91:1). */
const OG_IMAGE_SIZE = { width: 1200, height: 630 };

/** The og:image URL of a media id, absolute because crawlers do not resolve relative URLs. */
export function ogImageUrl(mediaId: string, imageset: boolean, site: SeoSite): string {
  const { src } = buildImage(
    contentImageDescriptor(mediaId, [OG_IMAGE_SIZE], {
      baseUrl: site.media.baseUrl,
      alias: site.media.alias,
      // One rendition at its nominal size: a crawler has no screen density.
      dpi: { '1x': NOMINAL_DPI, '2x': NOMINAL_DPI },
      poi: { x: 0.5, y: 0.5 },
      set: imageset,
      fmt: 'jpg',
    }),
  );
  return new URL(src, site.url).href;
}

/**
 * Editors often write the whole document title (`Gear Guides | Piste Journal`, `Piste | Snowboard
 * gear`): a title with a `|` part naming the brand is used as it is, any other gets the brand.
 */
function documentTitle(title: string): string {
  const parts = title.split('|').map((part) => part.trim());
  const branded = parts.length > 1 && parts.some((part) => part === BRAND_TITLE || part.startsWith(`${BRAND_TITLE} `));
  return branded ? title : pageTitle(title);
}

function nonBlank(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** A product page's offer, for Open Graph's product tags (`product:price:amount`, `…:currency`). */
export interface OgPrice {
  amount: number;
  currency: string;
}

/**
 * Spec §2: "SEO fields (seo_meta) drive title, description and Open Graph tags". The entry's
 * seo_title and seo_description win over the page's own title and summary; og:image and og:url
 * need the site (a preview image must be an absolute URL). A page may name its own preview
 * (`image`, absolute: a product's photo) for when seo_meta has none. Twitter reads the same
 * card: a large image card when there is an image, a summary card otherwise.
 */
export function seoMeta(
  seo: SeoMeta | undefined,
  fallback: {
    title: string;
    description?: string;
    type?: 'website' | 'article' | 'product';
    /** An absolute image URL, used when seo_meta names no og_image. */
    image?: string;
    price?: OgPrice;
  },
  site?: SeoSite,
): MetaDescriptor[] {
  const title = nonBlank(seo?.seo_title) ?? fallback.title;
  const description = nonBlank(seo?.seo_description) ?? nonBlank(fallback.description);
  const ogImage = nonBlank(seo?.og_image);
  const image = ogImage && site ? ogImageUrl(ogImage, seo?.imageset === 'Yes', site) : fallback.image;
  const { price } = fallback;
  return [
    { title: documentTitle(title) },
    ...(description ? [{ name: 'description', content: description }] : []),
    { property: 'og:title', content: title },
    ...(description ? [{ property: 'og:description', content: description }] : []),
    { property: 'og:type', content: fallback.type ?? 'website' },
    ...(site ? [{ property: 'og:url', content: site.url }] : []),
    ...(image ? [{ property: 'og:image', content: image }] : []),
    ...(price
      ? [
          { property: 'product:price:amount', content: String(price.amount) },
          { property: 'product:price:currency', content: price.currency },
        ]
      : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    ...(description ? [{ name: 'twitter:description', content: description }] : []),
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
  ];
}
