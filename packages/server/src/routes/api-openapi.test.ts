import type { RouteOptions } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { buildApp } from '../app';
import { testConfig } from '../../test/support/app-harness';

/** The catch-alls that answer 404 for any other address, and the document itself. */
const UNDOCUMENTED = new Set(['/api', '/api/', '/api/*', '/api/openapi.json']);
const OPENAPI_METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);

/** `/api/cart/:cartId` → `/cart/{cartId}`, as the document (servers: /api) names it. */
function documentPath(url: string): string {
  return (
    url
      .replace(/^\/api/, '')
      .replace(/:([A-Za-z_]+)/g, '{$1}')
      .replace(/\*$/, '{*}') || '/'
  );
}

describe('the /api OpenAPI document', () => {
  const routes: { method: string; url: string }[] = [];
  let testDatabase: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let document: { openapi: string; paths: Record<string, Record<string, unknown>> };

  beforeAll(async () => {
    testDatabase = await testDatabaseKinds()[0]!.create();
    const onRoute = (route: RouteOptions) => {
      if (!route.url.startsWith('/api') || UNDOCUMENTED.has(route.url)) return;
      for (const method of ([] as string[]).concat(route.method)) {
        // HEAD mirrors GET; an `all` route's WebDAV methods have no place in OpenAPI.
        if (method !== 'HEAD' && OPENAPI_METHODS.has(method)) routes.push({ method, url: route.url });
      }
    };
    // Altcha on, so the bot-protection challenge route is registered too.
    app = await buildApp({
      config: testConfig({ BOT_PROTECTION: 'altcha' }),
      database: testDatabase.database,
      onRoute,
    });
    await app.ready();
    document = (await app.inject({ url: '/api/openapi.json' })).json();
  });

  afterAll(async () => {
    await app.close();
    await testDatabase.dispose();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every /api route Fastify registered, with its method', () => {
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes
      .filter(({ method, url }) => !document.paths[documentPath(url)]?.[method.toLowerCase()])
      .map(({ method, url }) => `${method} ${url}`);
    expect(missing).toEqual([]);
  });

  it('describes a route’s input, its answer and its errors', () => {
    const operation = document.paths['/geolocation']?.get as { responses: Record<string, unknown> };
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '500', '503']));
  });
});
