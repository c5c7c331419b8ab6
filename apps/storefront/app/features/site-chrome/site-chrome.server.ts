import type { LocaleState } from '@piste/core';
import type { LoadContextOf } from '@piste/server/load-context';
import {
  bannerCtas,
  buildContentHref,
  type BannerEntry,
  type BrandSettingsEntry,
  type ContentLink,
  type EmailSignupSettingsEntry,
  type MainNavEntry,
  type TopAlertEntry,
  sameEntries,
} from '@piste/content';
import { resolvedReferences, sanitizeRichText, type HeaderContent } from '@piste/content/server';
import type {
  AlertView,
  BrandView,
  ChromeLink,
  EmailSignupView,
  MainNavItemView,
  MegaMenuBannerView,
  SiteChromeView,
} from './site-chrome-view';

/**
 * The header, brand settings and newsletter settings of the visitor's locale and content region,
 * read in parallel. The content client never rejects (spec §8: failures "are only logged …
 * results degrade to empty lists"), so a failed read leaves a chrome with empty navigation.
 */
export async function loadSiteChrome(
  context: LoadContextOf<'content'>,
  localeState: LocaleState,
): Promise<SiteChromeView> {
  const { client } = context.services.content;
  const { contentLocale, ctsRegion } = localeState;
  const [header, brand, emailSignup] = await Promise.all([
    client.header(contentLocale, ctsRegion),
    client.brandSettings(contentLocale, ctsRegion),
    client.emailSignupSettings(contentLocale, ctsRegion),
  ]);
  // The client hands back the same entries while its cache holds them: the chrome built from
  // them last time for this locale is reused until then (it is on every page).
  const { alerts, mainNav, secondaryNav } = header;
  const inputs = [alerts.length, mainNav.length, ...alerts, ...mainNav, ...secondaryNav, brand, emailSignup];
  const key = `${localeState.locale} ${ctsRegion}`;
  const last = builtChrome.get(key);
  if (last && sameEntries(last.inputs, inputs)) {
    return last.view;
  }
  const view = buildSiteChrome({ header, brand, emailSignup }, localeState);
  builtChrome.set(key, { inputs, view });
  return view;
}

/** The last chrome built per locale and content region, and the content it was built from. */
const builtChrome = new Map<string, { inputs: readonly unknown[]; view: SiteChromeView }>();

/** The chrome from the content of one region; links are built for the page's locale. */
export function buildSiteChrome(
  content: { header: HeaderContent; brand: BrandSettingsEntry | null; emailSignup: EmailSignupSettingsEntry | null },
  localeState: Pick<LocaleState, 'locale' | 'ctsRegion'>,
): SiteChromeView {
  const { locale, ctsRegion } = localeState;
  return {
    alerts: alertViews(content.header.alerts, locale),
    mainNav: mainNavViews(content.header.mainNav, locale),
    secondaryNav: content.header.secondaryNav.flatMap((link) => chromeLink(link, locale) ?? []),
    brand: content.brand ? brandView(content.brand, ctsRegion) : null,
    emailSignup: content.emailSignup ? emailSignupView(content.emailSignup) : null,
  };
}

/** A content link as drawn; null without a label or when the link is refused (spec §8 'Dangerous-protocol URL'). */
export function chromeLink(link: ContentLink, locale: string): ChromeLink | null {
  const label = link.title?.trim() ?? '';
  const built = buildContentHref(link, locale);
  if (label === '' || built === null) return null;
  return { ...built, label };
}

/** Alerts with their message sanitized; an alert with nothing left to say is dropped. */
export function alertViews(alerts: readonly TopAlertEntry[], locale: string): AlertView[] {
  return alerts.flatMap((alert) => {
    const messageHtml = sanitizeRichText(alert.message ?? '').trim();
    if (messageHtml === '') return [];
    return [
      {
        id: alert.uid,
        messageHtml,
        link: alert.link ? chromeLink(alert.link, locale) : null,
        colors: legibleColors(alert.background_color, alert.font_color),
      },
    ];
  });
}

export function mainNavViews(items: readonly MainNavEntry[], locale: string): MainNavItemView[] {
  return items.flatMap((item) => {
    const link = chromeLink(item.link, locale);
    if (link === null) return [];
    const columns = (item.columns ?? []).flatMap((column) => {
      const links = column.links.flatMap((columnLink) => chromeLink(columnLink, locale) ?? []);
      return links.length === 0 ? [] : [{ heading: column.heading.trim(), links }];
    });
    const [banner] = resolvedReferences(item.link.banner);
    return [
      {
        id: item.uid,
        link,
        isCategory: item.link.type === 'internal' && item.link.content_type === 'product_category',
        columns,
        banner: banner ? megaMenuBanner(banner, locale) : null,
      },
    ];
  });
}

/** A mega menu promotes with a picture and one button: the banner's first button that links. */
function megaMenuBanner(banner: BannerEntry, locale: string): MegaMenuBannerView | null {
  const [cta] = bannerCtas(banner, locale).flatMap(({ label, link }) => (link ? [{ ...link, label }] : []));
  const background = banner.background;
  const image =
    background?.type === 'Image' && background.amplience_id.trim() !== ''
      ? { id: background.amplience_id.trim(), set: background.imageset === 'Yes', alt: background.alt_text ?? '' }
      : null;
  if (image === null && cta === undefined) return null;
  return {
    contentHtml: sanitizeRichText(banner.content ?? '').trim(),
    title: banner.title.trim(),
    image,
    cta: cta ?? null,
  };
}

/** Regions whose addresses read "City, ST postal code" (spec §9 'Region map': North America). */
const NORTH_AMERICAN_REGIONS: readonly string[] = ['us', 'ca', 'pro', 'pro_ca'];

export function brandView(settings: BrandSettingsEntry, ctsRegion: string): BrandView {
  const { contact } = settings;
  const phoneDigits = contact?.phone?.replace(/[^\d+]/g, '') ?? '';
  const email = contact?.email?.trim() ?? '';
  return {
    displayName: settings.display_name?.trim() || settings.title,
    contact: {
      phone: /\d/.test(phoneDigits) ? { label: contact.phone.trim(), href: `tel:${phoneDigits}` } : null,
      email: email.includes('@') ? email : null,
      address: contact?.address ? addressLines(contact.address, NORTH_AMERICAN_REGIONS.includes(ctsRegion)) : [],
      hours: (contact?.hours_of_operation ?? [])
        .filter((entry) => entry.days_of_week.trim() !== '')
        .map((entry) => ({ days: entry.days_of_week.trim(), opens: entry.opening_time, closes: entry.closing_time })),
    },
    social: (settings.social_media ?? []).flatMap((profile) => {
      const href = profile.url.trim();
      return isWebUrl(href) ? [{ label: profile.title.trim() || profile.network, href, external: true }] : [];
    }),
  };
}

/** Social profiles are web pages: absolute http(s) URLs only. */
function isWebUrl(url: string): boolean {
  return /^https?:\/\/[^/\s]/i.test(url) && URL.canParse(url);
}

function addressLines(address: BrandSettingsEntry['contact']['address'], northAmerican: boolean): string[] {
  const join = (...parts: string[]) => parts.filter((part) => part.trim() !== '').join(' ');
  const locality = northAmerican
    ? join(address.city ? `${address.city},` : '', address.state, address.postal_code)
    : join(address.postal_code, address.city);
  return [address.street_address, locality, address.country].map((line) => line.trim()).filter((line) => line !== '');
}

/** The consent's privacy-policy link: both its words and a shop path (`/privacy`) are needed. */
function privacyLinkOf(copy: EmailSignupSettingsEntry['copy']): EmailSignupView['privacyLink'] {
  const text = copy.privacy_link_text?.trim() ?? '';
  const href = copy.privacy_url?.trim() ?? '';
  return text !== '' && href.startsWith('/') && !href.startsWith('//') ? { text, href } : null;
}

/** The signup copy and lists; a region without a list has nothing to subscribe to. */
export function emailSignupView(settings: EmailSignupSettingsEntry): EmailSignupView | null {
  const lists = (settings.lists ?? [])
    .filter((list) => list.list_id.trim() !== '')
    .map((list) => ({ id: list.list_id.trim(), title: list.title.trim() || list.list_id.trim() }));
  if (lists.length === 0) return null;
  return {
    heading: settings.copy.heading.trim(),
    body: settings.copy.body.trim(),
    consentText: settings.copy.consent_text.trim(),
    privacyLink: privacyLinkOf(settings.copy),
    successMessage: settings.copy.success_message.trim(),
    lists,
  };
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * The editor's alert colours when they are well-formed hex colours with at least WCAG AA contrast
 * (4.5:1 for the bar's small text); otherwise the bar keeps its own legible colours.
 */
export function legibleColors(
  background: string | undefined,
  text: string | undefined,
): { background: string; text: string } | null {
  if (!background || !text || !HEX_COLOUR.test(background) || !HEX_COLOUR.test(text)) return null;
  const [light, dark] = [luminance(background), luminance(text)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05) >= 4.5 ? { background, text } : null;
}

/** WCAG relative luminance of a `#rgb` / `#rrggbb` colour. */
function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join('') : hex.slice(1);
  const [red, green, blue] = [0, 2, 4].map((at) => {
    const channel = parseInt(digits.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}
