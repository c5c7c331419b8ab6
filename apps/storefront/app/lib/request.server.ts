import { data } from 'react-router';

/** A cookie of the request by name, or null. */
export function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

/**
 * Page actions take plain form posts, which cannot carry the API's CSRF header. The cart
 * cookie is SameSite=Lax, so another site's form never changes a shopper's cart; refusing
 * cross-site posts outright also stops such a form from swapping in a cart of its own.
 */
export function refuseCrossSitePost(request: Request): void {
  if (request.headers.get('sec-fetch-site') === 'cross-site') {
    throw data({ ok: false, message: 'This form was sent from another site, so nothing changed.' }, { status: 403 });
  }
}
