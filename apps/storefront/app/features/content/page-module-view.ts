import { visibleHotspots, type BannerEntry, type ImagePoint } from '@piste/content';
import type { ProductCardView } from '../catalogue/product-card-view';
import { toBannerView, type BannerView, type ImageSetMembers } from './banner-view';
import { toHotspotViews, type HotspotImageView, type HotspotResolver, type HotspotView } from './hotspot-view';

/** One block of a home or landing page (PageModule of entry-types.ts), ready to draw. */
export type PageModuleView =
  | { type: 'banner'; banner: BannerView }
  | { type: 'hotspot-image'; image: HotspotImageView; hotspots: HotspotView[] }
  | { type: 'product-slider'; heading: string; products: ProductCardView[] }
  /** Rich text sanitized on the server (sanitizeRichText). */
  | { type: 'rich-text'; html: string; lang?: string };

/** The media-service metadata of an image (`/i/{alias}/{id}.json`): natural size and point of interest. */
export interface ImageMetadataView {
  width: number;
  height: number;
  poi: ImagePoint | null;
}

/** What the loader looked up for a banner module, handed over synchronously. */
export interface BannerModuleSources {
  imageSetMembers: ImageSetMembers;
  /** Null when the image's metadata could not be read. */
  imageMetadata: (amplienceId: string) => ImageMetadataView | null;
  resolveHotspot: HotspotResolver;
  /** sanitizeRichText from @piste/content/server. */
  sanitize: (html: string) => string;
}

/**
 * The media metadata banners need (spec §7 'Media service'), read before they are drawn: the
 * members of image-set backgrounds, and the size and focal point of hotspot images.
 */
export function bannerMediaRequest(entries: readonly BannerEntry[]): { sets: string[]; images: string[] } {
  const sets: string[] = [];
  const images: string[] = [];
  for (const entry of entries) {
    const background = entry.background;
    const id = background.amplience_id.trim();
    if (id !== '' && background.type !== 'Video' && background.imageset === 'Yes') sets.push(id);
    const content = background.content;
    if (content?.enableHotspots) {
      const imageId = content.amplienceId.trim() || id;
      if (imageId !== '') images.push(imageId);
    }
  }
  return { sets, images };
}

/**
 * A banner module → a HotspotImage when the banner's background has hotspots enabled and at
 * least one of them survives (spec §5 filter, resolvable product or page), else a Banner. The
 * hotspot image is the hotspot content's own image, else the banner's; without its metadata the
 * crop cannot be known, so the banner is drawn plainly (spec §8: failed media lookups degrade).
 */
export function toBannerModuleView(entry: BannerEntry, locale: string, sources: BannerModuleSources): PageModuleView {
  const banner = toBannerView(entry, locale, sources.imageSetMembers, sources.sanitize);
  const content = entry.background.content;
  if (!content?.enableHotspots || visibleHotspots(content.hotspots).length === 0) return { type: 'banner', banner };
  const amplienceId = content.amplienceId.trim() || entry.background.amplience_id.trim();
  const metadata = amplienceId === '' ? null : sources.imageMetadata(amplienceId);
  if (!metadata || !(metadata.width > 0) || !(metadata.height > 0)) return { type: 'banner', banner };
  const hotspots = toHotspotViews(content.hotspots, locale, sources.resolveHotspot);
  if (hotspots.length === 0) return { type: 'banner', banner };
  return {
    type: 'hotspot-image',
    image: {
      amplienceId,
      alt: entry.background.alt_text.trim(),
      width: metadata.width,
      height: metadata.height,
      poi: metadata.poi,
      aspect: banner.aspect,
    },
    hotspots,
  };
}
