import Fastify from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handleApiError } from '../errors';
import { applyZodSchemas, ResponseShapeError } from './zod-compilers';

const answer = z.object({ data: z.object({ id: z.number(), name: z.string() }), meta: z.object({}) });

/** One route that answers what it is told to, whatever its schema says. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/things/:id',
    {
      schema: {
        params: z.strictObject({ id: z.coerce.number().int().positive() }),
        querystring: z.strictObject({}),
        body: z.strictObject({ name: z.string().min(1) }),
        response: { 200: answer },
      },
    },
    async (request) =>
      request.body.name === 'wrong'
        ? ({ data: { id: String(request.params.id), name: 42 }, meta: {} } as never)
        : { data: { id: request.params.id, name: request.body.name }, meta: {} },
  );
};

async function appWith(checkResponses: boolean) {
  const app = Fastify({ logger: false });
  applyZodSchemas(app, { checkResponses });
  app.setErrorHandler(handleApiError);
  await app.register(routes);
  return app;
}

const call = (app: Awaited<ReturnType<typeof appWith>>, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object });

describe('zod route schemas', () => {
  it('refuses bad input with the API’s usual 400, naming the part and the field', async () => {
    const app = await appWith(true);
    expect((await call(app, '/things/0', { name: 'a' })).json()).toEqual({
      error: { code: 'INVALID_PARAMETER', message: 'Path parameter `id` Too small: expected number to be >0.' },
    });
    expect((await call(app, '/things/1?page=2', { name: 'a' })).json().error.message).toBe(
      'Query parameter `page` is not supported.',
    );
    expect((await call(app, '/things/1', { name: '' })).statusCode).toBe(400);
    expect((await call(app, '/things/1', {})).json().error.message).toBe('Field `name` is required.');
    const array = await call(app, '/things/1', [1]);
    expect(array.statusCode).toBe(400);
    expect(array.json().error).toEqual({ code: 'INVALID_BODY', message: 'Send the request body as a JSON object.' });
  });

  it('answers a shape its schema describes', async () => {
    const app = await appWith(true);
    const response = await call(app, '/things/7', { name: 'seven' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: 7, name: 'seven' }, meta: {} });
  });

  it('in tests, fails loudly when a route answers a shape its schema does not describe', async () => {
    const app = await appWith(true);
    const errors: Error[] = [];
    app.addHook('onError', async (_request, _reply, error) => {
      errors.push(error);
    });
    const response = await call(app, '/things/7', { name: 'wrong' });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('INTERNAL');
    expect(errors[0]).toBeInstanceOf(ResponseShapeError);
    expect(errors[0]!.message).toContain(
      'POST /things/:id answered 200 in a shape its response schema does not describe',
    );
    expect(errors[0]!.message).toContain('data.id');
  });

  it('in production, writes the answer as it is, unchecked', async () => {
    const app = await appWith(false);
    const response = await call(app, '/things/7', { name: 'wrong' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: '7', name: 42 }, meta: {} });
  });
});
