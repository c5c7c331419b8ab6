import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { ReactNode } from 'react';
import { Loading } from './components/states';
import { RouteErrorBoundary } from './components/route-error';
import { Toaster } from './components/toast';
import './styles/admin.css';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>Piste admin</title>
        {/* No favicon request: the browser would ask the storefront for /favicon.ico. */}
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Toaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function Root() {
  return <Outlet />;
}

/** What `index.html` shows until the app has started and the session is known. */
export function HydrateFallback() {
  return (
    <div className="boot">
      <Loading label="Loading the back office…" />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <main className="boot">
      <RouteErrorBoundary />
    </main>
  );
}
