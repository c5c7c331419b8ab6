import { describe, expect, it } from 'vitest';
import { graphqlRequest } from './graphql-client';

/** A fetch that records its call and answers with the given status and body. */
function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const QUERY = 'query GetColorGroups($locale: String) { colorGroups(locale: $locale) { color_name } }';

describe('graphqlRequest (spec §7 GraphQL, §8 errors)', () => {
  it('POSTs the query and variables as JSON to /graphql and returns the data', async () => {
    const { fetch, calls } = fakeFetch(200, { data: { colorGroups: [{ color_name: 'Blue' }] } });
    const data = await graphqlRequest<{ colorGroups: { color_name: string }[] }>(QUERY, { locale: 'de' }, { fetch });
    expect(data).toEqual({ colorGroups: [{ color_name: 'Blue' }] });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/graphql');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json' });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ query: QUERY, variables: { locale: 'de' } });
  });

  it('uses the endpoint it is given', async () => {
    const { fetch, calls } = fakeFetch(200, { data: { colorGroups: [] } });
    await graphqlRequest(QUERY, {}, { fetch, endpoint: 'http://127.0.0.1:3000/graphql' });
    expect(calls[0]!.url).toBe('http://127.0.0.1:3000/graphql');
  });

  it('throws the first error’s message when the answer carries errors, even with status 200', async () => {
    const { fetch } = fakeFetch(200, {
      data: { relatedProducts: null },
      errors: [{ message: 'Unknown bcRegion "mars".' }, { message: 'second' }],
    });
    await expect(graphqlRequest(QUERY, {}, { fetch })).rejects.toThrow(new Error('Unknown bcRegion "mars".'));
  });

  it('throws the first error’s message on a non-OK status', async () => {
    const { fetch } = fakeFetch(400, {
      data: null,
      errors: [{ message: 'Variable "$bcRegion" of required type "String!" was not provided.' }],
    });
    await expect(graphqlRequest(QUERY, {}, { fetch })).rejects.toThrow(
      'Variable "$bcRegion" of required type "String!" was not provided.',
    );
  });

  it.each([
    ['a non-OK status without errors', 502, '<html>Bad Gateway</html>'],
    ['a non-OK status with an empty errors array', 500, { errors: [] }],
    ['an OK answer without data', 200, {}],
  ])('throws "GraphQL Error (Code: status)" for %s', async (_case, status, body) => {
    const { fetch } = fakeFetch(status, body);
    await expect(graphqlRequest(QUERY, {}, { fetch })).rejects.toThrow(new Error(`GraphQL Error (Code: ${status})`));
  });
});
