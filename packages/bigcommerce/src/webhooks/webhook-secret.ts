import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * BigCommerce signs nothing itself: a subscription's custom `headers` are sent with every delivery
 * (developer.bigcommerce.com/docs/integrations/webhooks, "Create a webhook" with `headers`), so
 * ours carries BIGCOMMERCE_WEBHOOK_SECRET in this header and a delivery without it is refused.
 */
export const WEBHOOK_SECRET_HEADER = 'x-piste-webhook-secret';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison (of digests, so the secret's length does not leak either). */
export function isWebhookSecretValid(header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string' || header === '' || secret === '') return false;
  return timingSafeEqual(digest(header), digest(secret));
}
