import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FAKE_STORE_HASH, seedFakeState } from '@piste/bigcommerce-fake';
import { createBigCommerceClient } from '../src/client/bigcommerce-client';
import { BigCommerceError, BigCommerceShapeError } from '../src/client/bigcommerce-error';
import { startFakeStore } from './fake-store';

/**
 * The shared client's failure behaviour against the fake, which answers as BigCommerce documents:
 * errors `{status, title, type, errors}` and rate-limit headers
 * (developer.bigcommerce.com/docs/start/about/status-codes, …/docs/start/best-practices/api-rate-limits),
 * v3 `meta.pagination` with `links` and v2 pages ending in `204 No Content`
 * (github.com/bigcommerce/docs reference/webhooks.v3.yml, reference/geography.v2.yml).
 */

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await close?.();
  close = undefined;
});

async function fakeStore(options: Parameters<typeof startFakeStore>[0] = {}) {
  const started = await startFakeStore(options);
  close = started.close;
  return started;
}

const storeSchema = z.object({ name: z.string() });

/** A client that notes every try it sends (the fake's request log leaves out the ones a fault answers). */
function countingClient({ settings, warnings }: Awaited<ReturnType<typeof startFakeStore>>) {
  const tries: string[] = [];
  const client = createBigCommerceClient({
    ...settings,
    logger: { warn: (message, details) => warnings.push({ message, details }) },
    fetch: (input, init) => {
      tries.push(`${init.method} ${new URL(input).pathname.replace(/^\/stores\/[^/]+/, '')}`);
      return fetch(input, init);
    },
  });
  return { client, tries };
}

describe('the BigCommerce client', () => {
  it('answers a bad access token as unavailable, and logs the call', async () => {
    const { settings, warnings } = await fakeStore();
    const logger = { warn: (message: string, details?: unknown) => warnings.push({ message, details }) };
    const client = createBigCommerceClient({ ...settings, accessToken: 'not-the-token-0123', logger });
    await expect(client.v2('/store')).rejects.toMatchObject({ kind: 'UNAVAILABLE', status: 401 });
    expect(warnings).toContainEqual(
      expect.objectContaining({ details: expect.objectContaining({ call: 'GET /v2/store', status: 401 }) }),
    );
  });

  it('answers an unknown store hash as unavailable rather than a missing record', async () => {
    const { settings, warnings } = await fakeStore();
    const logger = { warn: (message: string, details?: unknown) => warnings.push({ message, details }) };
    const client = createBigCommerceClient({ ...settings, storeHash: 'nosuchstore', logger });
    const failure = await client.v2('/store').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BigCommerceError);
    expect(failure).toMatchObject({ kind: 'UNAVAILABLE', code: 'BIGCOMMERCE_STORE_NOT_FOUND' });
    expect(warnings).toHaveLength(1);
  });

  it('reads every page of a v3 list, following its pagination', async () => {
    const state = seedFakeState();
    for (let index = 0; index < 260; index += 1) {
      state.webhooks.hooks.push({
        id: index + 1,
        client_id: 'client',
        store_hash: FAKE_STORE_HASH,
        scope: 'store/product/updated',
        destination: `https://shop.test/hooks/${index}`,
        is_active: true,
        headers: null,
        created_at: 0,
        updated_at: 0,
      });
    }
    const { client, fake } = await fakeStore({ state });
    const hooks = await client.v3All<{ id: number }>('/hooks');
    expect(hooks.map((hook) => hook.id)).toEqual(Array.from({ length: 260 }, (_, index) => index + 1));
    expect(fake.requests.map((request) => request.url.split('?')[1])).toEqual(['page=1&limit=250', 'page=2&limit=250']);
  });

  it('reads every page of a v2 list until a page comes back 204 No Content', async () => {
    const state = seedFakeState();
    const seeded = state.store.countries.length;
    for (let id = seeded + 1; id <= 500; id += 1) {
      state.store.countries.push({ id, country: `Country ${id}`, country_iso2: 'ZZ', country_iso3: 'ZZZ' });
    }
    const { client, fake } = await fakeStore({ state });
    expect(await client.v2All('/countries')).toHaveLength(500);
    expect(fake.requests.map((request) => request.url.split('?')[1])).toEqual([
      'page=1&limit=250',
      'page=2&limit=250',
      'page=3&limit=250',
    ]);
  });

  it('retries a 429 once BigCommerce says the window has reset', async () => {
    const started = await fakeStore();
    const { fake } = started;
    const { client, tries } = countingClient(started);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    fake.faults.add({
      path: '/v2/store',
      status: 429,
      headers: { 'x-rate-limit-requests-left': '0', 'x-rate-limit-time-reset-ms': '120' },
    });
    expect(await client.v2('/store')).toMatchObject({ name: 'Piste' });
    expect(tries).toEqual(['GET /v2/store', 'GET /v2/store']);
    expect(timers).toHaveBeenCalledWith(expect.any(Function), 120);
  });

  it('fails a 429 at once when the window resets later than a page can wait', async () => {
    const started = await fakeStore();
    const { fake } = started;
    const { client, tries } = countingClient(started);
    fake.faults.add({ path: '/v2/store', status: 429, headers: { 'x-rate-limit-time-reset-ms': '60000' } });
    await expect(client.v2('/store')).rejects.toMatchObject({ kind: 'UNAVAILABLE', status: 429 });
    expect(tries).toHaveLength(1);
  });

  it('waits for the window to reset when an answer says no requests are left', async () => {
    // A window long enough that a busy machine still makes the third call inside it.
    const windowMs = 2_000;
    const { client, fake } = await fakeStore({ rateLimit: { quota: 2, windowMs } });
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const waitedForTheWindow = () =>
      timers.mock.calls.some(([, delay]) => typeof delay === 'number' && delay > 0 && delay <= windowMs);
    await client.v2('/store');
    await client.v2('/store');
    expect(waitedForTheWindow()).toBe(false);
    await client.v2('/store');
    // The third call waited instead of being refused: three requests, no 429 and no retry.
    expect(fake.requests).toHaveLength(3);
    expect(waitedForTheWindow()).toBe(true);
  });

  it('retries a 5xx once for a read', async () => {
    const started = await fakeStore();
    const { client, tries } = countingClient(started);
    started.fake.faults.add({ path: '/v2/store', status: 503, times: 2 });
    expect(await client.v2('/store').catch((error: unknown) => error)).toMatchObject({ status: 503 });
    expect(tries).toEqual(['GET /v2/store', 'GET /v2/store']);
    started.fake.faults.add({ path: '/v2/store', status: 503 });
    expect(await client.v2('/store')).toMatchObject({ name: 'Piste' });
  });

  it.each(['POST', 'PUT', 'DELETE'] as const)('does not retry a 5xx for a %s', async (method) => {
    const state = seedFakeState();
    state.webhooks.hooks.push({
      id: 1,
      client_id: 'client',
      store_hash: FAKE_STORE_HASH,
      scope: 'store/product/*',
      destination: 'https://shop.test/hooks',
      is_active: true,
      headers: null,
      created_at: 0,
      updated_at: 0,
    });
    const started = await fakeStore({ state });
    const { client, tries } = countingClient(started);
    started.fake.faults.add({ method, path: /^\/v3\/hooks/, status: 502, times: 2 });
    const path = method === 'POST' ? '/hooks' : '/hooks/1';
    const json = method === 'DELETE' ? undefined : { scope: 'store/order/*', destination: 'https://shop.test/hooks' };
    await expect(client.v3(path, { method, json })).rejects.toMatchObject({ kind: 'UNAVAILABLE', status: 502 });
    expect(tries).toEqual([`${method} /v3${path}`]);
    expect(state.webhooks.hooks).toHaveLength(1);
    expect(started.warnings).toHaveLength(1);
  });

  it('gives up on an answer slower than the timeout as unavailable, and logs it', async () => {
    const { client, fake, warnings } = await fakeStore({ timeoutMs: 100 });
    fake.faults.add({ path: '/v2/store', delayMs: 400 });
    await expect(client.v2('/store')).rejects.toMatchObject({ kind: 'UNAVAILABLE', code: 'BIGCOMMERCE_UNREACHABLE' });
    expect(warnings).toContainEqual(
      expect.objectContaining({ details: expect.objectContaining({ call: 'GET /v2/store' }) }),
    );
  });

  it('answers an unexpected shape as unavailable, logged with the call', async () => {
    const { client, fake, warnings } = await fakeStore();
    fake.faults.add({ path: '/v2/store', status: 200, body: { title: 'not a store' } });
    const failure = await client
      .v2('/store')
      .then((data) => client.parse('GET /v2/store', storeSchema, data))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BigCommerceShapeError);
    expect(failure).toMatchObject({ kind: 'UNAVAILABLE' });
    expect(warnings).toContainEqual({
      message: '[bigcommerce] Unexpected answer',
      details: { call: 'GET /v2/store', problems: [expect.stringContaining('name')] },
    });
  });
});
