export interface GraphqlRequestOptions {
  /** Where the GraphQL endpoint answers; the server's own `/graphql` unless told otherwise. */
  endpoint?: string;
  /** The fetch to use: the browser's by default, or one that reaches the server during SSR. */
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
}

interface GraphqlResponseBody<T> {
  data?: T | null;
  errors?: { message?: unknown }[];
}

async function readBody<T>(response: Response): Promise<GraphqlResponseBody<T> | null> {
  try {
    return (await response.json()) as GraphqlResponseBody<T>;
  } catch {
    // A proxy's HTML error page or an empty body: only the status is left to report.
    return null;
  }
}

/**
 * Runs one GraphQL operation (spec §7 'GraphQL'). Spec §8: a non-OK status or an `errors`
 * array throws an Error whose message is the first error's message, or
 * 'GraphQL Error (Code: {status})' when the answer carries none.
 */
export async function graphqlRequest<T>(
  query: string,
  variables: Record<string, unknown> = {},
  { endpoint = '/graphql', fetch = globalThis.fetch, signal }: GraphqlRequestOptions = {},
): Promise<T> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
    signal,
  });
  const body = await readBody<T>(response);
  const errors = Array.isArray(body?.errors) ? body.errors : [];
  if (!response.ok || errors.length > 0 || body?.data == null) {
    const firstMessage = errors[0]?.message;
    throw new Error(
      typeof firstMessage === 'string' && firstMessage ? firstMessage : `GraphQL Error (Code: ${response.status})`,
    );
  }
  return body.data;
}
