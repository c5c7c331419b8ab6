import { z } from 'zod';
import type { BigCommerceClient } from '../client/bigcommerce-client';
import { WEBHOOK_SCOPES } from './webhook-change';
import { WEBHOOK_SECRET_HEADER } from './webhook-secret';

/** `GET /v3/hooks` item (webhook_Full, reference/webhooks.v3.yml in github.com/bigcommerce/docs). */
const hookSchema = z.object({
  id: z.number().int(),
  scope: z.string(),
  destination: z.string(),
  is_active: z.boolean(),
  headers: z.record(z.string(), z.string()).nullable().optional(),
});

export interface WebhookRegistration {
  created: string[];
  updated: string[];
  unchanged: string[];
}

/**
 * Subscribes `destination` to our scopes, carrying the secret header. Idempotent: the store's
 * hooks are read first; one already there is left alone, or re-activated with the current secret.
 */
export async function registerWebhooks(
  client: BigCommerceClient,
  { destination, secret }: { destination: string; secret: string },
): Promise<WebhookRegistration> {
  const hooks = client.parse('GET /v3/hooks', hookSchema.array(), await client.v3All('/hooks', { destination }));
  const headers = { [WEBHOOK_SECRET_HEADER]: secret };
  const result: WebhookRegistration = { created: [], updated: [], unchanged: [] };
  for (const scope of WEBHOOK_SCOPES) {
    const hook = hooks.find((candidate) => candidate.scope === scope && candidate.destination === destination);
    const body = { scope, destination, is_active: true, headers };
    if (!hook) {
      await client.v3('/hooks', { method: 'POST', json: body });
      result.created.push(scope);
    } else if (!hook.is_active || hook.headers?.[WEBHOOK_SECRET_HEADER] !== secret) {
      await client.v3(`/hooks/${hook.id}`, { method: 'PUT', json: body });
      result.updated.push(scope);
    } else {
      result.unchanged.push(scope);
    }
  }
  return result;
}
