import { BRAND_TITLE } from '../../lib/brand';

/** Spec §7 'Other': "Each route change pushes a content-view event with content name and view name." */
export interface ContentViewEvent {
  event: 'content-view';
  /** What is shown: the page's title without the brand suffix ("Summit Pro Binding", "Goggles"). */
  contentName: string;
  /** Which kind of page shows it: 'home', 'product', 'category', 'blog-post', 'not-found'… */
  viewName: string;
}

/** Routes whose id does not read as their page type (named ids of routes.ts). */
const VIEW_NAMES: Record<string, string> = {
  index: 'home',
  'lang-index': 'home',
  'lang-page': 'content-page',
  'lang-unmatched': 'not-found',
  unmatched: 'not-found',
};

/**
 * The page type of a route: a named id from the table, else its module path in kebab case
 * without a folder its file name repeats (`routes/blog/blog-post` → `blog-post`,
 * `routes/account/orders` → `account-orders`, `routes/product` → `product`).
 */
export function viewNameOf(routeId: string): string {
  const named = VIEW_NAMES[routeId];
  if (named) return named;
  const segments = routeId.replace(/^routes\//, '').split('/');
  return segments.filter((segment, index) => !segments[index + 1]?.startsWith(`${segment}-`)).join('-');
}

/** "Goggles | Piste" → "Goggles"; a title that is only the brand (or none) names the brand. */
export function contentNameOf(documentTitle: string): string {
  const suffix = ` | ${BRAND_TITLE}`;
  const name = documentTitle.endsWith(suffix) ? documentTitle.slice(0, -suffix.length) : documentTitle;
  return name.trim() || BRAND_TITLE;
}

/**
 * The content-view of a page: its deepest route names the view, its title the content. A page
 * that failed shows the error page instead: 'not-found' for a 404, else 'error'.
 */
export function contentViewEvent(page: {
  routeId: string;
  documentTitle: string;
  errorStatus?: number | null;
}): ContentViewEvent {
  const viewName =
    page.errorStatus == null ? viewNameOf(page.routeId) : page.errorStatus === 404 ? 'not-found' : 'error';
  return { event: 'content-view', contentName: contentNameOf(page.documentTitle), viewName };
}
