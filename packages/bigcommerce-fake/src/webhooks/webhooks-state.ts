/**
 * A webhook subscription as BigCommerce keeps it (webhook_Full in reference/webhooks.v3.yml of
 * github.com/bigcommerce/docs): times are UNIX seconds, `headers` are sent with every delivery.
 */
export interface FakeWebhook {
  id: number;
  client_id: string;
  store_hash: string;
  scope: string;
  destination: string;
  is_active: boolean;
  headers: Record<string, string> | null;
  created_at: number;
  updated_at: number;
}

/** The fake's webhook subscriptions: none until a test or the registration command creates them. */
export interface WebhooksState {
  hooks: FakeWebhook[];
  nextId: number;
}

export function seedWebhooks(): WebhooksState {
  return { hooks: [], nextId: 1 };
}
