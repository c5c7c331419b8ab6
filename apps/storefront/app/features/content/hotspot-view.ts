import {
  hotspotContent,
  visibleHotspots,
  type ContentHref,
  type HotspotData,
  type HotspotType,
  type ImagePoint,
} from '@piste/content';
import type { BannerAspect } from './banner-aspect';

/** The image under the hotspots: its natural size and point of interest come from the media service's metadata. */
export interface HotspotImageView {
  amplienceId: string;
  alt: string;
  /** Natural size in pixels: the image's aspect decides what a cover crop cuts. */
  width: number;
  height: number;
  /** The focal point the media service crops around; the centre when absent. */
  poi?: ImagePoint | null;
  /** The banner shape to show it in; the spec §9 default banner sizes when absent. */
  aspect?: BannerAspect;
}

/** One hotspot as its marker and popup draw it. */
export interface HotspotView {
  id: string;
  type: HotspotType;
  /** The popup's heading, and the marker's name ('Show {title}'). */
  title: string;
  description: string;
  /** Where it sits on the whole image, as fractions 0–1 (spec §3 'Hotspot' points). */
  point: ImagePoint;
  /** A media-service image for the popup. */
  imageId: string | null;
  /** The product's price, formatted for the visitor (product hotspots). */
  priceText: string | null;
  /** A group member's label for that price ('Pro price'), a display-text title. */
  priceLabel?: string | null;
  /** The popup's call to action; null when a manual hotspot's href was refused. */
  cta: { label: string; link: ContentHref } | null;
}

/** A product a hotspot names, as the loader found it; `href` is localized (productCardHref). */
export interface HotspotProduct {
  title: string;
  href: string;
  imageId: string | null;
  priceText: string | null;
  priceLabel?: string | null;
}

/** A page a hotspot names, as the loader found it; `href` is localized (buildContentHref). */
export interface HotspotPage {
  title: string;
  href: string;
}

/** Looks up the entries product and page hotspots name; null when the entry is not available. */
export interface HotspotResolver {
  product(uid: string): HotspotProduct | null;
  page(uid: string): HotspotPage | null;
}

/**
 * The hotspots of a banner → what HotspotImage draws. Spec §5 drops hotspots without a dataType
 * or title (visibleHotspots); the popup content and CTA label (ctaCopy, else spec §9 'Shop Now' /
 * 'Learn More') come from hotspotContent. Product and page hotspots take their title, link (and
 * for products image and price) from the resolved entry so the popup matches the page it leads
 * to; the hotspot's own image wins when set. A product or page that does not resolve (not
 * published, not in the region) drops its hotspot: spec §8 degrades failed lookups to nothing.
 */
export function toHotspotViews(
  hotspots: readonly HotspotData[],
  locale: string,
  resolve: HotspotResolver,
): HotspotView[] {
  return visibleHotspots(hotspots).flatMap((hotspot): HotspotView[] => {
    const content = hotspotContent(hotspot, locale);
    const common = { id: content.id, description: content.description, point: content.point };
    if (content.type === 'manual') {
      return [
        {
          ...common,
          type: content.type,
          title: content.title,
          imageId: content.ampId,
          priceText: null,
          cta: content.link ? { label: content.ctaCopy, link: content.link } : null,
        },
      ];
    }
    const cta = (href: string) => ({ label: content.ctaCopy, link: { href, external: false } });
    if (content.type === 'product') {
      const product = content.productUid ? resolve.product(content.productUid) : null;
      if (!product) return [];
      return [
        {
          ...common,
          type: content.type,
          title: product.title.trim() || content.title,
          imageId: content.ampId ?? product.imageId,
          priceText: product.priceText,
          priceLabel: product.priceLabel ?? null,
          cta: cta(product.href),
        },
      ];
    }
    const page = content.pageUid ? resolve.page(content.pageUid) : null;
    if (!page) return [];
    return [
      {
        ...common,
        type: content.type,
        title: page.title.trim() || content.title,
        imageId: content.ampId,
        priceText: null,
        cta: cta(page.href),
      },
    ];
  });
}
