import type { ContentHref } from '@piste/content';

/**
 * What the header and footer draw (spec §3 'Header content', 'Brand settings', 'Email signup
 * settings'), built on the server by site-chrome.server.ts. Plain data only: it travels to the
 * browser with the root loader on every locale change, so it holds just the rendered fields.
 */

/**
 * A content link as buildContentHref resolved it, with its text: internal hrefs already carry
 * the locale, so it renders with ContentHrefLink, never LocaleLink.
 */
export type ChromeLink = ContentHref & { label: string };

/** A top alert of the visitor's region. */
export interface AlertView {
  id: string;
  /** Sanitized rich text. */
  messageHtml: string;
  link: ChromeLink | null;
  /** The editor's colours, only when the text stays legible on the background. */
  colors: { background: string; text: string } | null;
}

export interface MegaMenuColumnView {
  heading: string;
  links: ChromeLink[];
}

/** The promotion in a mega menu (the main-nav link's banner). */
export interface MegaMenuBannerView {
  /** The banner's sanitized rich text; empty when it has none. */
  contentHtml: string;
  /** Shown when the banner has no copy of its own. */
  title: string;
  image: { id: string; set: boolean; alt: string } | null;
  cta: ChromeLink | null;
}

export interface MainNavItemView {
  id: string;
  link: ChromeLink;
  /** A product category: listed in the footer's shop column too. */
  isCategory: boolean;
  columns: MegaMenuColumnView[];
  banner: MegaMenuBannerView | null;
}

export interface BrandView {
  displayName: string;
  contact: {
    phone: { label: string; href: string } | null;
    email: string | null;
    /** The postal address, one line each, in the region's usual order. */
    address: string[];
    hours: Array<{ days: string; opens: string; closes: string }>;
  };
  social: ChromeLink[];
}

export interface EmailSignupView {
  heading: string;
  body: string;
  consentText: string;
  /** The privacy policy the consent text names (its words and shop path), when the editor set one. */
  privacyLink: { text: string; href: string } | null;
  successMessage: string;
  lists: Array<{ id: string; title: string }>;
}

export interface SiteChromeView {
  alerts: AlertView[];
  mainNav: MainNavItemView[];
  secondaryNav: ChromeLink[];
  /** Null when the region has no brand settings (or content failed). */
  brand: BrandView | null;
  /** Null when the region has no newsletter: no signup form is shown. */
  emailSignup: EmailSignupView | null;
}
