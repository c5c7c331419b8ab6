import Fastify, { type FastifyInstance } from 'fastify';
import type { StripeApiTarget } from '../src';

export interface RecordedRequest {
  method: string;
  /** The path without the query string, e.g. /v1/payment_intents. */
  path: string;
  /** The query string's parameters (GET) — Stripe's form encoding, e.g. `expand[0]`. */
  query: URLSearchParams;
  /** The form-encoded body (POST). */
  form: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
}

export interface FixtureAnswer {
  status: number;
  body: unknown;
}

/**
 * A small stand-in for api.stripe.com: answers each `METHOD /path` with the fixtures queued for
 * it (the last one repeats) and records what the client sent, so tests can check the request as
 * Stripe would receive it.
 */
export async function startStripeFixtureServer() {
  const app: FastifyInstance = Fastify();
  const answers = new Map<string, FixtureAnswer[]>();
  const requests: RecordedRequest[] = [];
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.all('/*', async (request, reply) => {
    const [path = '', search = ''] = request.url.split('?');
    requests.push({
      method: request.method,
      path,
      query: new URLSearchParams(search),
      form: new URLSearchParams(typeof request.body === 'string' ? request.body : ''),
      headers: request.headers,
    });
    const queue = answers.get(`${request.method} ${path}`);
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!answer) {
      return reply.status(404).send({
        error: { type: 'invalid_request_error', message: `No fixture for ${request.method} ${path}` },
      });
    }
    return reply.status(answer.status).header('request-id', 'req_fixture').send(answer.body);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The fixture server has no port');
  const target: StripeApiTarget = { host: '127.0.0.1', port: address.port, protocol: 'http' };
  return {
    target,
    requests,
    /** Queues answers for `METHOD /path`; an object alone is a 200. */
    answer(route: string, ...queued: Array<FixtureAnswer | object>) {
      answers.set(
        route,
        queued.map((item) =>
          'status' in item && 'body' in item ? (item as FixtureAnswer) : { status: 200, body: item },
        ),
      );
    },
    /** The `index`th request the client sent; throws when there are fewer. */
    sent(index: number): RecordedRequest {
      const request = requests[index];
      if (!request) throw new Error(`The client sent ${requests.length} requests, not ${index + 1}`);
      return request;
    },
    reset() {
      answers.clear();
      requests.length = 0;
    },
    close: () => app.close(),
  };
}
