/**
 * What the server hands every React Router loader and action. Server clients (commerce,
 * content, search, media) are added here as their domains land; routes never build them.
 */
import type { CustomerStatus, ShopperContext } from '@piste/commerce';
import type { LocaleState } from '@piste/core';
import type { CmsDataRedirect } from '../seo/cms-redirects';
import type { Services } from '../services';

export type { AccountRequest } from '../accounts/account-flows';

export type StorefrontLoadContext = {
  /** Domain services, called in-process (never over HTTP to ourselves). */
  services: Services;
  /** Where images are built for (spec §3 descriptor baseUrl): the embedded `/media` or MEDIA_BASE_URL. */
  media: { baseUrl: string; alias: string };
  /** The store locator's map tiles (STORE_MAP_TILE_URL); null draws no map. */
  mapTileUrl: string | null;
  /** TAG_MANAGER_ID: analytics events reach the data layer only with one (spec §7). */
  tagManagerId: string | null;
  /**
   * The page's locale state (spec §3 'Locale state'), pro-aware, from the `:lang` segment of the
   * request path; en-us for `/` and for an invalid prefix, which the locale layout rejects.
   */
  localeState: LocaleState;
  /** The request's shopper in `localeState.bcRegion`: the signed-in customer's group prices apply. */
  shopper: ShopperContext;
  /** This shopper's locale state in another locale, for a page about switching to it. */
  localeStateIn: (locale: string) => LocaleState;
  /** This shopper in another commerce region, for a page about a record of that region (an order). */
  shopperIn: (bcRegion: string) => ShopperContext;
  /** The signed-in customer (spec §3 'Customer state'), read from the session cookie before rendering. */
  customer: CustomerStatus | null;
  /** The session's token, so account actions can end or rotate it. */
  sessionToken: string | null;
  /** The client's address (behind a proxy only with TRUST_PROXY), for rate limits. */
  clientIp: string;
  /** PUBLIC_URL, the shop's origin for absolute URLs (canonical, hreflang, structured data). */
  publicUrl: string;
  /**
   * The page's surrogate keys (cdn/surrogate-keys.ts): loaders add what they show (`product-12`),
   * so a change purges the CDN's copies of the pages showing it. Sent on 200 pages.
   */
  surrogateKeys: Set<string>;
  /** Set when the page previews an unpublished content draft (a back-office link): the page says so. */
  preview: { title: string } | null;
  /** A CMS redirect for this client navigation's data request (docs/seo.md); entry.server.tsx applies it. */
  cmsRedirect: CmsDataRedirect | null;
  /**
   * Told by entry.server.tsx of a loader or action that failed for want of a platform (a
   * DomainError of kind UNAVAILABLE: BigCommerce down, slow or answering an unexpected shape),
   * so the request answers the friendly 503 page rather than a 500.
   */
  noteUnavailable: () => void;
};

/**
 * The part of the load context a storefront function reads: the named services and context
 * fields only, e.g. `LoadContextOf<'catalogue', 'shopper'>`. Typed with it, a function shows
 * what it depends on (not sessions, rate limits or payment access), and a test builds just that.
 */
export type LoadContextOf<
  S extends keyof Services = never,
  C extends Exclude<keyof StorefrontLoadContext, 'services'> = never,
> = Pick<StorefrontLoadContext, C> & { services: Pick<Services, S> };
