import { data } from 'react-router';
import { pagePathOf } from '@piste/core';

/**
 * Spec §8: "Invalid or unmatched route → 404 'Page Not Found: {path}'". Loaders throw it; the
 * error page says 'Page not found' and shows the message itself only in development (spec §2).
 */
export function pageNotFound(request: Request) {
  return data(`Page Not Found: ${pagePathOf(new URL(request.url).pathname)}`, { status: 404 });
}
