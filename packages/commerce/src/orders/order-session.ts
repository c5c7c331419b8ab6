/**
 * The session's key to the order it placed: an httpOnly cookie `{orderId}.{cartSecret}`. The
 * checkout sets it when the cart becomes an order (the cart's own session then ends), so the
 * confirmation page and `GET orders/{id}` keep working for the guest who paid.
 */
export const ORDER_COOKIE = 'piste_order';
export const ORDER_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const TOKEN_PATTERN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function parseOrderSessionToken(value: string | undefined | null): { orderId: number; secret: string } | null {
  const match = value ? TOKEN_PATTERN.exec(value) : null;
  return match ? { orderId: Number(match[1]), secret: match[2]! } : null;
}

export function orderSessionCookie(token: { orderId: number; secret: string }, options: { secure: boolean }): string {
  return `${ORDER_COOKIE}=${token.orderId}.${token.secret}; Path=/; Max-Age=${ORDER_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}
