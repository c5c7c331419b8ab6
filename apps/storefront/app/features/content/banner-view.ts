import {
  bannerCtas,
  bannerLayout,
  bannerLink,
  isImageSetSlider,
  type BannerCtaView,
  type BannerEntry,
  type BannerLayout,
  type ContentHref,
} from '@piste/content';
import { BANNER_ICON_KINDS, type BannerIconKind } from '@piste/core';
import { parseAspectRatio, type BannerAspect } from './banner-aspect';

export type { BannerCtaView };

export interface BannerImageView {
  amplienceId: string;
  alt: string;
}

/** What fills a banner behind its copy (spec §2 "Banners with image, image-set or video backgrounds"). */
export type BannerBackgroundView =
  | (BannerImageView & {
      kind: 'image';
      /**
       * True when amplienceId names an image set whose members are unknown (their lookup
       * failed): the media service then draws the set's first image.
       */
      set: boolean;
    })
  | {
      kind: 'image-set';
      /** The set's images, at least one; without the slider only the first is shown. */
      images: BannerImageView[];
      /** Spec §5: "active only with more than one image and the slider not disabled". */
      slider: boolean;
    }
  | {
      kind: 'video';
      videoId: string;
      /** The poster image: the media service keeps it under the video's own id. */
      posterId: string;
      alt: string;
    };

/** A banner as the page draws it: everything decided on the server from a BannerEntry. */
export interface BannerView {
  uid: string;
  /** The entry's title: names the image-set carousel for assistive technology. */
  title: string;
  /** The rich-text copy, sanitized on the server; '' when there is none. */
  contentHtml: string;
  /** The copy's language when the entry is another locale's than the page's (a fallback), else undefined. */
  contentLang?: string;
  darkOverlay: boolean;
  layout: BannerLayout;
  /** Copy wraps in a narrow column instead of a wide one (desktop). */
  wrapCopy: boolean;
  aspect: BannerAspect;
  /** Null when the entry names no media: the copy stands on a plain band. */
  background: BannerBackgroundView | null;
  /** The buttons shown (spec §5: only with a non-empty button_text). */
  ctas: BannerCtaView[];
  /** Non-null when the whole banner is the link (spec §5): then ctas holds exactly its one button. */
  link: ContentHref | null;
  /** The banner icon the entry asks for (spec §4 'Tags'), or null. */
  icon: BannerIconKind | null;
}

/** The image ids of a media-service image set, in order ([] when unknown). */
export type ImageSetMembers = (setId: string) => readonly string[];

/**
 * A BannerEntry → what Banner draws. Browser-safe and pure so loaders (and tests) can call it;
 * `sanitize` is the server's sanitizeRichText (from @piste/content/server), passed in because
 * this module must not import server code and the copy reaches the page as raw HTML.
 */
export function toBannerView(
  entry: BannerEntry,
  locale: string,
  imageSetMembers: ImageSetMembers,
  sanitize: (html: string) => string,
): BannerView {
  return {
    uid: entry.uid,
    title: entry.title,
    contentHtml: entry.content.trim() === '' ? '' : sanitize(entry.content),
    contentLang: contentLanguage(entry.locale, locale),
    darkOverlay: entry.dark_overlay_on_banner_image === true,
    layout: bannerLayout(entry),
    wrapCopy: entry.wrap_copy === true,
    aspect: {
      desktop: parseAspectRatio(entry.background.desktop_aspect_ratio),
      mobile: parseAspectRatio(entry.background.mobile_aspect_ratio),
    },
    background: backgroundView(entry, imageSetMembers),
    ctas: bannerCtas(entry, locale),
    link: bannerLink(entry, locale),
    icon: bannerIcon(entry.banner_icon),
  };
}

/**
 * The language of an entry's copy when it differs from the page's, for a `lang` attribute
 * (hyphenation and screen-reader voice follow it): `en` for the en-us fallback on a Swedish page.
 */
export function contentLanguage(entryLocale: string | undefined, pageLocale: string): string | undefined {
  const language = (value: string) => value.trim().toLowerCase().split('-')[0] ?? '';
  if (!entryLocale || language(entryLocale) === '') return undefined;
  return language(entryLocale) === language(pageLocale) ? undefined : language(entryLocale);
}

/** `best_seller`, `Best seller`, `best-seller` → 'best-seller'; anything unknown → null (no icon). */
export function bannerIcon(value: string | undefined): BannerIconKind | null {
  const kind = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return (BANNER_ICON_KINDS as readonly string[]).includes(kind) ? (kind as BannerIconKind) : null;
}

function backgroundView(entry: BannerEntry, imageSetMembers: ImageSetMembers): BannerBackgroundView | null {
  const background = entry.background;
  const id = background.amplience_id.trim();
  if (id === '') return null;
  const alt = background.alt_text.trim();
  if (background.type === 'Video') return { kind: 'video', videoId: id, posterId: id, alt };
  if (background.imageset !== 'Yes') return { kind: 'image', amplienceId: id, alt, set: false };
  const members = imageSetMembers(id).filter((member) => member.trim() !== '');
  if (members.length === 0) return { kind: 'image', amplienceId: id, alt, set: true };
  return {
    kind: 'image-set',
    images: members.map((amplienceId) => ({ amplienceId, alt })),
    slider: isImageSetSlider(members.length, entry.disable_slider === true),
  };
}
