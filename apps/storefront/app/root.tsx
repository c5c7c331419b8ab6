import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { ReactNode } from 'react';
import { htmlLangFor, LOCALE_COOKIE } from '@piste/core';
import type { Route } from './+types/root';
import { ErrorPage } from './layouts/error-page';
import { MediaConfigProvider } from './components/image';
import { cartSessionHeaders, loadCartSession } from './features/cart/cart-session.server';
import { loadBrowserSearchConfig } from './features/search/browser-search-config.server';
import { loadSeoHead } from './features/seo/seo-head.server';
import { SeoLinks } from './features/seo/seo-links';
import { PreviewBanner } from './features/content-preview/preview-banner';
import { NavigationRuntime, useChunkErrorRecovery } from './features/navigation/navigation-runtime';
import { RoutePrefetches } from './features/navigation/route-prefetches';
import { signedInProSpend } from './features/pro/pro-status.server';
import { ShopperProvider } from './features/site-chrome/shopper-state';
import { loadSiteChrome } from './features/site-chrome/site-chrome.server';
import { readConsent } from './features/tracking/consent.server';
import { TagManagerScript } from './features/tracking/tag-manager-script';
import { trackingState } from './features/tracking/tracking-state';
import { PageShell } from './layouts/page-shell';
import { BRAND_TITLE } from './lib/brand';
import { DisplayTextsReady, translateFrom } from './lib/display-text';
import { DisplayTextsPreload } from './lib/display-text-link';
import { loadDisplayTexts } from './lib/display-text.server';
import { describeError, errorPageTitle } from './features/error-page/error-status';
import { InlineStylesheets } from './lib/inline-stylesheets';
import { errorLayoutForMatches, layoutForMatches } from './lib/page-layout';
import { readCookie } from './lib/request.server';
import { useRootData, type RootData } from './lib/root-data';
import { START_SCRIPTS_AFTER_LARGEST_PAINT, useMarkInteractive } from './lib/scripts-after-largest-paint';
import './styles/global.css';

/**
 * The locale of every page (the load context's, built from the `:lang` segment). An unknown
 * `:lang` gets en-us so the 404 page can render; the locale layout route is what rejects it.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { localeState, shopper } = context;
  // Display texts and site chrome degrade instead of failing (spec §8), so a content outage still renders every page.
  const [displayTexts, siteChrome, cart, search, seo, proSpend] = await Promise.all([
    loadDisplayTexts(context, localeState.contentLocale),
    loadSiteChrome(context, localeState),
    // Only a signed-in customer's page is theirs alone (decision 029-a): any other leaves the
    // cart out, and its header asks /api/shopper after load.
    context.customer ? loadCartSession(context, request, shopper) : null,
    loadBrowserSearchConfig(context, localeState, shopper),
    loadSeoHead(context, request, localeState, params.lang),
    signedInProSpend(context, localeState),
  ]);
  return data(
    {
      localeState,
      htmlLang: htmlLangFor(localeState.locale),
      media: context.media,
      displayTexts,
      siteChrome,
      // Spec §7: "Analytics events go to a data layer only when tracking is enabled": with a
      // container configured and the visitor's consent to analytics (docs/analytics.md).
      ...trackingState(context.tagManagerId, readConsent(request)),
      /** The header search's engine, key and scope (docs/search.md 'Configuration'). */
      search,
      /** Whether the visitor picked a country (the locale cookie): if not, one may be suggested. */
      localeChosen: readCookie(request, LOCALE_COOKIE) !== null,
      /** How protected forms earn a bot-check token (docs/security.md 'Bot protection'). */
      botProtection: context.services.botProtection.protection.browser,
      /** Canonical URL, hreflang alternates and breadcrumbs of the page (docs/seo.md). */
      seo,
      /** Items in a signed-in customer's cart (quantities, not lines), for the header's mini-cart. */
      cartItemCount: cart
        ? (cart.cart?.line_items.physical_items.reduce((sum, item) => sum + item.quantity, 0) ?? 0)
        : null,
      /** The signed-in customer, for the header's account entry; null when signed out. */
      customer: context.customer
        ? {
            firstName: context.customer.customer.first_name,
            isPro: context.customer.isPro,
            isEmployee: context.customer.isEmployee,
            /** A pro's spend this year against their limit, for the header's account menu. */
            proSpend,
          }
        : null,
      /** A back-office preview of a content draft: the page says so. */
      preview: context.preview,
    } satisfies RootData,
    // Spec §4 'Cart': a session whose cart is gone (or another customer's) is cleared; on
    // shared pages `/api/shopper` does it.
    { headers: cart ? cartSessionHeaders(cart) : undefined },
  );
}

/**
 * Actions revalidate by default, so the header's cart count follows every add, change and
 * removal (read again from the root data, or from `/api/shopper` on shared pages).
 */
export function shouldRevalidate({ currentParams, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentParams.lang !== nextParams.lang || defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ error, data }) => [
  {
    title: error === undefined ? BRAND_TITLE : errorPageTitle(describeError(error), translateFrom(data?.displayTexts)),
  },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  useMarkInteractive();
  return (
    // The inline script marks the document as scripted before first paint; React leaves that class alone.
    <html lang={data?.htmlLang ?? 'en'} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* Lets CSS collapse script-driven disclosures from the first paint, and leave them open without JavaScript. */}
        <script>{"document.documentElement.classList.add('js')"}</script>
        {/* Spec §7 'Other': the tag manager, only while tracking is enabled. */}
        <TagManagerScript />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0e1116" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* Built, the one stylesheet arrives inline (entry.server.tsx); no route exports `links`. */}
        {import.meta.env.DEV ? <Links /> : <InlineStylesheets />}
        <SeoLinks seo={data?.seo} />
        <DisplayTextsPreload source={data?.displayTexts} />
      </head>
      <body>
        {/* Without root data (its loader failed) images fall back to the embedded media service. */}
        {data ? <MediaConfigProvider value={data.media}>{children}</MediaConfigProvider> : children}
        <ScrollRestoration />
        <Scripts />
        {/* Last: the scripts above start once the largest image has painted (docs/decisions/029-h). */}
        <script dangerouslySetInnerHTML={{ __html: START_SCRIPTS_AFTER_LARGEST_PAINT }} />
      </body>
    </html>
  );
}

export default function App() {
  const matches = useMatches();
  return (
    <DisplayTextsReady>
      <ShopperProvider>
        <PageShell layout={layoutForMatches(matches)}>
          <PreviewBanner />
          <Outlet />
          {/* Queued route prefetches, build-update checks and chunk-failure recovery (docs/platform-client.md). */}
          <RoutePrefetches />
          <NavigationRuntime />
        </PageShell>
      </ShopperProvider>
    </DisplayTextsReady>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const matches = useMatches();
  // A chunk that failed to load reloads the page once (guarded) instead of showing the error.
  const reloading = useChunkErrorRecovery(error);
  return (
    <PageShell layout={errorLayoutForMatches(matches)}>{reloading ? null : <ErrorPage error={error} />}</PageShell>
  );
}
