import { z } from 'zod';

/**
 * A webhook delivery's body, as BigCommerce documents it (developer.bigcommerce.com/docs/integrations/webhooks;
 * github.com/bigcommerce/docs reference/webhooks/callbacks/*.yml and data/*.json):
 * `{ scope, store_id, data: { type, id, … }, hash, created_at, producer }`. Cart ids are UUID strings,
 * the others integers; a SKU event also names its product (`data.sku.product_id`). The overview's
 * example has no `created_at`, so it is optional.
 */
export const webhookPayloadSchema = z.object({
  scope: z.string().min(1).max(200),
  store_id: z.union([z.string(), z.number()]).transform(String),
  data: z
    .object({
      type: z.string().max(100),
      id: z.union([z.number().int(), z.string().max(100)]),
      sku: z.object({ product_id: z.number().int().positive() }).partial().optional(),
      cartId: z.string().max(100).optional(),
    })
    .loose(),
  hash: z.string().max(200),
  created_at: z.number().int().optional(),
  producer: z.string().max(200),
});

export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
