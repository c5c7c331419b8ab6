import type { RouteOptions } from 'fastify';
import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { buildApp } from '../app';
import { API_TYPES_FILE, renderApiTypes } from '../openapi/api-types';
import { serveApiReference } from '../openapi/reference-page';
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
    const operation = document.paths['/cart/{cartId}/items']?.post as {
      parameters: { in: string; name: string }[];
      requestBody: unknown;
      responses: Record<string, unknown>;
    };
    expect(operation.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'cartId' }));
    expect(operation.requestBody).toBeDefined();
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['200', '400', '403', '404', '409', '500', '503']),
    );
  });

  it('matches the storefront’s committed API types', async () => {
    const committed = await readFile(API_TYPES_FILE, 'utf8');
    const current = await renderApiTypes(document as never);
    expect(committed === current, `${API_TYPES_FILE} is out of date: run \`npm run api:types\``).toBe(true);
  });

  it('serves no reference page outside development', async () => {
    const response = await app.inject({ url: '/api/reference/' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe.each(['development', 'production'] as const)('the /api reference page with NODE_ENV=%s', (environment) => {
  let testDatabase: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    testDatabase = await testDatabaseKinds()[0]!.create();
    app = await buildApp({
      // A production config needs a public origin that is not localhost (config.ts's refusals).
      config: testConfig({ NODE_ENV: environment, PUBLIC_URL: 'https://shop.example' }),
      database: testDatabase.database,
      apiReference: serveApiReference,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await testDatabase.dispose();
  });

  it(environment === 'development' ? 'is served, from our own origin' : 'is not served', async () => {
    const page = await app.inject({ url: '/api/reference/' });
    if (environment === 'production') {
      expect(page.statusCode).toBe(404);
      return;
    }
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // Its scripts come from beside it, never a CDN, and its CSP allows nothing else.
    const scripts = [...page.body.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).not.toMatch(/^(https?:)?\/\//);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const bundle = await app.inject({ url: new URL(scripts[0]!, 'http://shop.test/api/reference/').pathname });
    expect(bundle.statusCode).toBe(200);
  });
});
