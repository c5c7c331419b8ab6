import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff } from '../support/admin-harness';
import { createSeededApiApp } from '../support/app-harness';
import { checkOut, TestBrowser } from '../support/test-browser';
import { adminRequests, type AdminFixture } from './admin-fuzz-cases';
import type { AppRoute, FuzzMethod } from './api-fuzz-cases';
import { watchDatabaseChanges } from './database-changes';
import { fuzzTarget, sideEffectChecks, type FuzzOutcome } from './fuzz-runner';
import { bySize, recordFigure } from './mode';
import { errorShapeOf, leaksIn, responseProblems } from './response-checks';

const SECTION = 'Input fuzzing';
const CASES_PER_ROUTE = bySize(4, 200);
const FUZZED_METHODS: FuzzMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];
/** Signing in and out is the harness's own doing; the sign-in's limits have tests of their own. */
const SKIPPED = new Set(['POST /admin/api/session', 'DELETE /admin/api/session']);

function collectAdminRoutes(into: AppRoute[]) {
  return (route: RouteOptions) => {
    if (!route.url.startsWith('/admin/api/')) return;
    for (const method of [route.method].flat() as string[]) {
      const key = `${method} ${route.url}`;
      if (!FUZZED_METHODS.includes(method as FuzzMethod) || SKIPPED.has(key)) continue;
      if (!into.some((known) => known.method === method && known.url === route.url)) {
        into.push({ method: method as FuzzMethod, url: route.url });
      }
    }
  };
}

/**
 * docs/reliability.md 'Input fuzzing', for the back office: hostile paths, queries and bodies
 * to every `/admin/api` route, sent by a signed-in owner (who may call them all), found as the
 * app registers them. A case passes when the answer is below 500 with the standard error body,
 * leaks nothing, and a refused request wrote nothing.
 */
describe.each(testDatabaseKinds())('back-office fuzzing on $name', (kind) => {
  const routes: AppRoute[] = [];
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  let fixture: AdminFixture;
  let checked: ReturnType<typeof sideEffectChecks>;

  beforeAll(async () => {
    shop = await createSeededApiApp(kind, {}, { onRoute: collectAdminRoutes(routes) });
    const { response } = await checkOut(new TestBrowser(shop.app), [
      { product_id: 100, variant_id: 100_001, quantity: 1 },
    ]);
    const owner = await signedInStaff(shop.app, shop.database, 'owner');
    const promotion = await owner.call('POST', '/admin/api/promotions', {
      payload: { name: 'Fuzzed', code: 'FUZZ-10', kind: 'percent_off', percentOff: 10 },
    });
    fixture = {
      productId: 100,
      orderId: response.json().data.id as number,
      customerId: 1001,
      staffId: owner.staffId,
      proCode: 'PRO-US-DEMO',
      promotionId: promotion.json().promotion.id as number,
    };
    checked = sideEffectChecks(await watchDatabaseChanges(shop.database.db));
  });
  afterAll(() => shop?.close());

  it('answers hostile requests to every /admin/api route below 500, and a refusal changes nothing', async () => {
    const outcomes: FuzzOutcome[] = [];
    for (const route of routes) {
      // A session per route: its idle clock never moves during the route's cases, so a read writes nothing.
      const owner = await signedInStaff(shop.app, shop.database, 'owner');
      const outcome = await fuzzTarget(
        `${route.method} ${route.url}`,
        adminRequests(route, fixture),
        CASES_PER_ROUTE,
        async (request) => {
          const { answer, problems } = await checked(
            () =>
              owner.call(request.method, request.url, {
                headers: request.headers,
                noCsrf: !request.withCsrf,
                payload: request.payload,
              }),
            { readOnly: request.method === 'GET' },
          );
          // A path whose dot segments climb out of /admin/api reaches no route of this API-only app:
          // there only the status and leaks are checked, not the back office's error body.
          const answerProblems =
            errorShapeOf(request.url) === 'admin'
              ? responseProblems(answer, 'admin')
              : [...(answer.statusCode >= 500 ? [`answered ${answer.statusCode}`] : []), ...leaksIn(answer.body)];
          return [...answerProblems, ...problems];
        },
      );
      recordFigure(SECTION, `${outcome.target} (${kind.name})`, outcome.cases, 'cases');
      outcomes.push(outcome);
    }
    recordFigure(SECTION, `/admin/api routes (${kind.name})`, outcomes.length, 'routes');
    expect(routes.length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.failure).map((o) => `${o.target}\n${o.failure}`)).toEqual([]);
  });
});
