/** The fake's webhooks records, seeded from the demo data. */
export interface WebhooksState {
  readonly seeded: boolean;
}

export function seedWebhooks(): WebhooksState {
  return { seeded: true };
}
