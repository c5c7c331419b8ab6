import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { ReactNode } from 'react';
import { DEFAULT_LOCALE, htmlLangFor, parseLocale, resolveLocaleState } from '@piste/core';
import type { Route } from './+types/root';
import { ErrorPage } from './components/error-page';
import { MediaConfigProvider } from './components/image';
import { cartSessionHeaders, loadCartSession } from './features/cart/cart-session.server';
import { loadBrowserSearchConfig } from './features/search/browser-search-config.server';
import { loadSiteChrome } from './features/site-chrome/site-chrome.server';
import { PageShell } from './layouts/page-shell';
import { BRAND_TITLE } from './lib/brand';
import { loadDisplayTextDictionary } from './lib/display-text.server';
import { describeError, errorPageTitle } from './lib/error-status';
import { useNonce } from './lib/nonce';
import { errorLayoutForMatches, layoutForMatches } from './lib/page-layout';
import './styles/global.css';

/**
 * The locale of every page. An unknown `:lang` still gets en-us here so the 404 page can
 * render; the locale layout route is what rejects it.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const locale = parseLocale(params.lang ?? DEFAULT_LOCALE)?.locale ?? DEFAULT_LOCALE;
  const localeState = resolveLocaleState({ locale, isPro: context.customer?.isPro });
  const shopper = context.services.shopperIn(localeState.bcRegion, context.customer);
  // Display texts and site chrome degrade instead of failing (spec §8), so a content outage still renders every page.
  const [displayText, siteChrome, cart, search] = await Promise.all([
    loadDisplayTextDictionary(context, localeState.contentLocale),
    loadSiteChrome(context, localeState),
    loadCartSession(context, request, shopper),
    loadBrowserSearchConfig(context, localeState, shopper),
  ]);
  return data(
    {
      localeState,
      htmlLang: htmlLangFor(locale),
      media: context.media,
      displayText,
      siteChrome,
      // Spec §7: "Analytics events go to a data layer only when tracking is enabled".
      trackingEnabled: context.tagManagerId !== null,
      /** The header search's engine, key and scope (issue 9). */
      search,
      /** Lines in the shopper's cart, for the header's mini-cart (issue 7). */
      cartLineCount: cart.cart?.line_items.physical_items.length ?? 0,
      /** The signed-in customer, for the header's account entry (issue 8); null when signed out. */
      customer: context.customer
        ? {
            firstName: context.customer.customer.first_name,
            isPro: context.customer.isPro,
            isEmployee: context.customer.isEmployee,
          }
        : null,
    },
    // Spec §4 'Cart': a session whose cart is gone (or another customer's) is cleared.
    { headers: cartSessionHeaders(cart) },
  );
}

/** Actions revalidate by default, so the header's cart count follows every add, change and removal. */
export function shouldRevalidate({ currentParams, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentParams.lang !== nextParams.lang || defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ error }) => [
  { title: error === undefined ? BRAND_TITLE : errorPageTitle(describeError(error)) },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    // The inline script marks the document as scripted before first paint; React leaves that class alone.
    <html lang={data?.htmlLang ?? 'en'} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* Lets CSS collapse script-driven disclosures from the first paint, and leave them open without JavaScript. */}
        <script nonce={nonce}>{"document.documentElement.classList.add('js')"}</script>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0e1116" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {/* Without root data (its loader failed) images fall back to the embedded media service. */}
        {data ? <MediaConfigProvider value={data.media}>{children}</MediaConfigProvider> : children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const matches = useMatches();
  return (
    <PageShell layout={layoutForMatches(matches)}>
      <Outlet />
    </PageShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const matches = useMatches();
  return (
    <PageShell layout={errorLayoutForMatches(matches)}>
      <ErrorPage error={error} />
    </PageShell>
  );
}
