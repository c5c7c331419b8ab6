import { afterEach, describe, expect, it } from 'vitest';
import { seedFakeState } from '@piste/bigcommerce-fake';
import { WEBHOOK_SCOPES } from '../src/webhooks/webhook-change';
import { registerWebhooks } from '../src/webhooks/webhook-registration';
import { WEBHOOK_SECRET_HEADER } from '../src/webhooks/webhook-secret';
import { startFakeStore } from './fake-store';

/** Subscriptions against the fake's `/v3/hooks` (github.com/bigcommerce/docs reference/webhooks.v3.yml). */

const destination = 'https://shop.test/api/webhooks/bigcommerce';
let close: (() => Promise<unknown>) | undefined;
afterEach(() => close?.());

describe('registering our webhooks', () => {
  it('subscribes each scope once with the secret header, and changes nothing when run again', async () => {
    const state = seedFakeState();
    const started = await startFakeStore({ state });
    close = started.close;
    const secret = started.settings.webhookSecret;

    expect(await registerWebhooks(started.client, { destination, secret })).toEqual({
      created: [...WEBHOOK_SCOPES],
      updated: [],
      unchanged: [],
    });
    expect(state.webhooks.hooks).toEqual(
      WEBHOOK_SCOPES.map((scope) =>
        expect.objectContaining({ scope, destination, is_active: true, headers: { [WEBHOOK_SECRET_HEADER]: secret } }),
      ),
    );

    expect(await registerWebhooks(started.client, { destination, secret })).toMatchObject({
      created: [],
      updated: [],
    });
    expect(state.webhooks.hooks).toHaveLength(WEBHOOK_SCOPES.length);
  });

  it('re-activates a deactivated hook and gives it a rotated secret', async () => {
    const state = seedFakeState();
    const started = await startFakeStore({ state });
    close = started.close;
    await registerWebhooks(started.client, { destination, secret: 'old-secret-0123456789abcdef0123456789' });
    state.webhooks.hooks[0]!.is_active = false;

    const rotated = started.settings.webhookSecret;
    const result = await registerWebhooks(started.client, { destination, secret: rotated });
    expect(result.updated).toEqual([...WEBHOOK_SCOPES]);
    expect(
      state.webhooks.hooks.every((hook) => hook.is_active && hook.headers?.[WEBHOOK_SECRET_HEADER] === rotated),
    ).toBe(true);
  });

  it('is refused by BigCommerce for a destination that is not https on port 443', async () => {
    const started = await startFakeStore();
    close = started.close;
    await expect(
      registerWebhooks(started.client, { destination: 'http://shop.test:8080/hooks', secret: 'x'.repeat(32) }),
    ).rejects.toMatchObject({ kind: 'INVALID_DATA', status: 422 });
  });
});
