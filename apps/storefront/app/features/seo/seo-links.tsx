import { useLocation, useRouteError } from 'react-router';
import type { SeoHeadView } from './seo-head-view';

/**
 * `<link rel="canonical">` and the hreflang alternates of the page, in the document head. Error
 * pages get none, and neither does a page the root loader did not see (its links are for the
 * page first loaded; crawlers load every page that way).
 */
export function SeoLinks({ seo }: { seo: SeoHeadView | undefined }) {
  const { pathname } = useLocation();
  const error = useRouteError();
  // No error is null here (React Router's error context defaults to it), not undefined.
  if (!seo?.canonical || error != null || seo.pathname !== pathname) return null;
  return (
    <>
      <link rel="canonical" href={seo.canonical} />
      {Object.entries(seo.alternates).map(([hreflang, path]) => (
        <link key={hreflang} rel="alternate" hrefLang={hreflang} href={`${seo.origin}${path}`} />
      ))}
    </>
  );
}
