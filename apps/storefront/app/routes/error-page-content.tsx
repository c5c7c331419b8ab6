import { data } from 'react-router';
import { loadErrorPageContent } from '../features/error-page/error-page-content.server';
import type { Route } from './+types/error-page-content';

/**
 * The content-managed 404 page (spec §2 'Error page'), as data: the error page shows its
 * built-in 'Page not found' at once and loads this after hydration, so every loader's plain
 * 404 gets the region's content without each of them reading it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const content = await loadErrorPageContent(context, context.localeState);
  return data(content, { headers: { 'cache-control': 'private, max-age=60' } });
}
