import type { BannerCta, BannerEntry } from '../entry-types';
import { buildContentHref, type ContentHref } from './link-building';

/** A banner button as it is drawn. */
export interface BannerCtaView {
  /** The trimmed button_text. */
  label: string;
  type: BannerCta['type'];
  className: string | null;
  /** Null when the button links nowhere: its link is disabled, missing or refused. */
  link: ContentHref | null;
}

/**
 * Spec §5: "A banner button shows only if button_text is non-empty" (after trimming). Product and
 * page buttons link through their internal link, external ones through external_link; the
 * button's new_tab opens either in a new tab. No default label applies here: a button without
 * text is not shown at all, so the §9 default labels are for hotspots (see hotspotContent).
 */
export function bannerCtas(banner: Pick<BannerEntry, 'cta_button_global'>, locale: string): BannerCtaView[] {
  return banner.cta_button_global.flatMap((cta) => {
    const label = cta.button_text.trim();
    if (label === '') return [];
    return [{ label, type: cta.type, className: cta.button_class?.trim() || null, link: ctaLink(cta, locale) }];
  });
}

function ctaLink(cta: BannerCta, locale: string): ContentHref | null {
  if (cta.disable_link === true) return null;
  const newTab = cta.new_tab === true;
  if (cta.type === 'external') {
    if (!cta.external_link) return null;
    return buildContentHref(
      { title: cta.external_link.title, type: 'external', href: cta.external_link.href, new_tab: newTab },
      locale,
    );
  }
  if (!cta.internal_link) return null;
  return buildContentHref({ ...cta.internal_link, new_tab: newTab || cta.internal_link.new_tab === true }, locale);
}

/**
 * Spec §5: "A banner is itself a link only if linking is not disabled and there is exactly one
 * call to action that exists. With several buttons, each is its own link." "Exists" means shown
 * (non-empty button_text) and linking somewhere. When the banner is the link, its one button is
 * drawn as plain text inside it, as links cannot nest.
 */
export function bannerLink(
  banner: Pick<BannerEntry, 'disable_link' | 'cta_button_global'>,
  locale: string,
): ContentHref | null {
  if (banner.disable_link === true) return null;
  const ctas = bannerCtas(banner, locale);
  return ctas.length === 1 ? (ctas[0]?.link ?? null) : null;
}

/** Spec §5: "An image-set slider is active only with more than one image and the slider not disabled." */
export function isImageSetSlider(imageCount: number, sliderDisabled = false): boolean {
  return imageCount > 1 && !sliderDisabled;
}

export type BannerVertical = 'top' | 'middle' | 'bottom';
export type BannerHorizontal = 'left' | 'center' | 'right';
export interface BannerLayout {
  vertical: BannerVertical;
  horizontal: BannerHorizontal;
}

/** Spec §3 'Banner': "content_layout (default top-left)". */
export const DEFAULT_BANNER_LAYOUT: Readonly<BannerLayout> = Object.freeze({ vertical: 'top', horizontal: 'left' });

const LAYOUT = /^(top|middle|center|bottom)[-_ ](left|center|right)$/;

/**
 * Where a banner's copy sits: content_layout is `{vertical}-{horizontal}` (`bottom-right`,
 * `middle-center`; `center` is accepted for the vertical middle). Empty or unknown values use
 * the default top-left.
 */
export function bannerLayout(banner: { content_layout?: string | null }): BannerLayout {
  const match = LAYOUT.exec(banner.content_layout?.trim().toLowerCase() ?? '');
  if (!match) return { ...DEFAULT_BANNER_LAYOUT };
  const vertical = match[1] === 'center' ? 'middle' : (match[1] as BannerVertical);
  return { vertical, horizontal: match[2] as BannerHorizontal };
}
