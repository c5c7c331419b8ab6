import { describe, expect, it } from 'vitest';
import { ContentServiceError } from '../client/content-service-error';
import { createManagementApi } from './management-api.server';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A clock that only moves when the API under test waits on it. */
function fakeClock() {
  let time = 0;
  const waits: number[] = [];
  return {
    now: () => time,
    sleep: async (ms: number) => {
      waits.push(ms);
      time += ms;
    },
    waits,
  };
}

describe('the Management API client', () => {
  it('starts requests at least 100 ms apart, under Contentstack’s 10 requests a second', async () => {
    const clock = fakeClock();
    const starts: number[] = [];
    const api = createManagementApi({
      baseUrl: 'https://api.contentstack.io/v3',
      apiKey: 'blt1',
      managementToken: 'cs1',
      now: clock.now,
      sleep: clock.sleep,
      fetch: async () => {
        starts.push(clock.now());
        return json(200, { content_type: {} });
      },
    });

    for (const uid of ['a', 'b', 'c', 'd']) await api.exists('content_type', uid);

    expect(starts).toEqual([0, 100, 200, 300]);
  });

  it('reads a missing content type (422 with error_code 118, or 404) as absent and any other failure as an error', async () => {
    // Contentstack's answer for an unknown content type uid (CMA reference, 'Errors').
    const answers: Record<string, Response> = {
      missing: json(422, {
        error_message: "The Content Type 'missing' was not found. Please try again.",
        error_code: 118,
        errors: {},
      }),
      gone: json(404, { error_message: 'Not found', error_code: 404, errors: {} }),
      locked: json(401, {
        error_message: "You're not allowed in here unless you're logged in.",
        error_code: 105,
        errors: {},
      }),
    };
    const api = createManagementApi({
      baseUrl: 'https://api.contentstack.io/v3',
      apiKey: 'blt1',
      managementToken: 'cs1',
      minIntervalMs: 0,
      fetch: async (input) => answers[input.split('/').pop()!]!,
    });

    await expect(api.exists('content_type', 'missing')).resolves.toBe(false);
    await expect(api.exists('content_type', 'gone')).resolves.toBe(false);
    const refused = api.exists('content_type', 'locked');
    await expect(refused).rejects.toBeInstanceOf(ContentServiceError);
    await expect(refused).rejects.toMatchObject({ status: 401, error_code: 105 });
  });
});
