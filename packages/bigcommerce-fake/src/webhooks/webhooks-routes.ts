import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageOf, v3Error, v3Page } from '../fake-http';
import type { FakeState } from '../state';
import { FAKE_CLIENT_ID, FAKE_STORE_HASH } from '../demo-store';

/**
 * `GET|POST /v3/hooks`, `GET|PUT|DELETE /v3/hooks/{webhook_id}` (reference/webhooks.v3.yml):
 * `webhook_Base` needs `scope` and `destination`; the destination must be https on port 443.
 */
const webhookBase = z.object({
  scope: z.string().regex(/^store\/[a-zA-Z/*]+$/, 'must be a webhook scope such as store/order/*'),
  destination: z
    .string()
    .url()
    .refine((value) => {
      const url = new URL(value);
      return url.protocol === 'https:' && (url.port === '' || url.port === '443');
    }, 'must be an https URL on port 443'),
  is_active: z.boolean().default(true),
  events_history_enabled: z.boolean().optional(),
  headers: z.record(z.string(), z.string()).nullable().optional(),
});

function fieldErrors(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message]));
}

export function registerWebhooksRoutes(app: FastifyInstance, state: FakeState): void {
  const { webhooks } = state;
  const find = (params: unknown) => {
    const id = Number((params as { id?: string }).id);
    return webhooks.hooks.find((hook) => hook.id === id);
  };
  const now = () => Math.floor(Date.now() / 1000);

  app.get('/v3/hooks', async (request, reply) => {
    const page = pageOf(request, reply, 'v3');
    if (!page) return reply;
    const query = request.query as Record<string, string | undefined>;
    const hooks = webhooks.hooks.filter(
      (hook) =>
        (query.scope === undefined || hook.scope === query.scope) &&
        (query.destination === undefined || hook.destination === query.destination) &&
        (query.is_active === undefined || String(hook.is_active) === query.is_active),
    );
    return v3Page(request, hooks, page);
  });

  app.post('/v3/hooks', async (request, reply) => {
    const parsed = webhookBase.safeParse(request.body);
    if (!parsed.success) return v3Error(reply, 422, 'The webhook is not valid.', fieldErrors(parsed.error));
    const hook = {
      id: webhooks.nextId++,
      client_id: FAKE_CLIENT_ID,
      store_hash: FAKE_STORE_HASH,
      scope: parsed.data.scope,
      destination: parsed.data.destination,
      is_active: parsed.data.is_active,
      headers: parsed.data.headers ?? null,
      created_at: now(),
      updated_at: now(),
    };
    webhooks.hooks.push(hook);
    return { data: hook, meta: {} };
  });

  app.get('/v3/hooks/:id', async (request, reply) => {
    const hook = find(request.params);
    return hook ? { data: hook, meta: {} } : v3Error(reply, 404, 'Webhook not found.');
  });

  app.put('/v3/hooks/:id', async (request, reply) => {
    const hook = find(request.params);
    if (!hook) return v3Error(reply, 404, 'Webhook not found.');
    const parsed = webhookBase.partial().safeParse(request.body);
    if (!parsed.success) return v3Error(reply, 422, 'The webhook is not valid.', fieldErrors(parsed.error));
    const { events_history_enabled: _ignored, ...changes } = parsed.data;
    Object.assign(hook, Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)), {
      updated_at: now(),
    });
    return { data: hook, meta: {} };
  });

  app.delete('/v3/hooks/:id', async (request, reply) => {
    const hook = find(request.params);
    if (!hook) return v3Error(reply, 404, 'Webhook not found.');
    webhooks.hooks = webhooks.hooks.filter((candidate) => candidate !== hook);
    return { data: hook, meta: {} };
  });
}
