import { PageModules } from '../features/content/page-modules';
import { loadPageModules } from '../features/content/page-modules.server';
import { loadRuleCopy } from '../features/content/rule-copy.server';
import { homeStructuredData } from '../features/seo/page-structured-data';
import { BRAND_TITLE } from '../lib/brand';
import { useDisplayText } from '../lib/display-text';
import type { RouteHandle } from '../lib/page-layout';
import { seoMeta } from '../lib/seo-meta';
import { seoSite } from '../lib/seo-site.server';
import styles from './home.module.css';
import type { Route } from './+types/home';

export const handle: RouteHandle = { layout: 'flush-banner' };

/** The home page entry (url `/`) of the visitor's content locale, composed of modules (spec §1). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { localeState } = context;
  const page = await context.services.content.client.pageByUrl(localeState.contentLocale, '/');
  const [{ modules, currency }, fillRules] = await Promise.all([
    loadPageModules(context, localeState, page?.landing_page?.modules ?? [], page?.locale),
    loadRuleCopy(context, localeState, JSON.stringify(page?.seo_meta ?? {})),
  ]);
  const seo = page?.seo_meta && {
    ...page.seo_meta,
    seo_description: page.seo_meta.seo_description && fillRules(page.seo_meta.seo_description),
  };
  return {
    seo,
    site: seoSite(request, context),
    modules,
    currency,
    language: localeState.language,
  };
}

export const meta: Route.MetaFunction = ({ data: home, matches, location }) => [
  ...seoMeta(
    home?.seo,
    { title: `${BRAND_TITLE} — snow and outdoor gear`, description: 'Bindings, helmets, goggles and accessories.' },
    home?.site,
  ),
  // The shop itself (Organization), for search engines' knowledge panel (docs/seo.md).
  ...homeStructuredData(matches, location.pathname),
];

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { modules, currency, language } = loaderData;
  const t = useDisplayText();
  return (
    <>
      {/* The banners carry the visible headings; the page still needs its one h1. */}
      <h1 className={styles.visuallyHidden}>{t('Gear for the whole mountain')}</h1>
      <PageModules modules={modules} currency={currency} language={language} />
    </>
  );
}
