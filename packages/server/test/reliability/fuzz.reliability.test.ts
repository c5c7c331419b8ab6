import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseKinds } from '@piste/db/testing';
import { createSeededPagesApp, loadStorefrontBuild } from '../support/app-harness';
import { TestBrowser } from '../support/test-browser';
import { createApiFixture } from './api-fixture';
import { apiRequests, type AppRoute, type FuzzMethod, type FuzzRequest } from './api-fuzz-cases';
import { watchDatabaseChanges } from './database-changes';
import { formRequests, formRoutesOf, type FormRoute } from './form-fuzz-cases';
import { fuzzTarget, sideEffectChecks, type FuzzOutcome } from './fuzz-runner';
import { graphqlRequests } from './graphql-fuzz-cases';
import { bySize, recordFigure } from './mode';
import { errorShapeOf, responseProblems } from './response-checks';
import { REGRESSIONS } from './fuzz-regressions';

const SECTION = 'Input fuzzing';
const CASES_PER_ROUTE = bySize(10, 300);
const GRAPHQL_CASES = bySize(50, 1_500);
const CASES_PER_FORM = bySize(10, 300);
const FUZZED_METHODS: FuzzMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The `/api` routes as they register, one entry per method; HEAD is GET's twin. */
function collectApiRoutes(into: AppRoute[]) {
  return (route: RouteOptions) => {
    if (!route.url.startsWith('/api')) return;
    for (const method of [route.method].flat() as string[]) {
      if (!FUZZED_METHODS.includes(method as FuzzMethod)) continue;
      if (!into.some((known) => known.method === method && known.url === route.url)) {
        into.push({ method: method as FuzzMethod, url: route.url });
      }
    }
  };
}

/** A case that must get one status (a card number: 400) and got another. */
const statusProblems = (answer: { statusCode: number }, expected: number | undefined) =>
  expected === undefined || answer.statusCode === expected
    ? []
    : [`answered ${answer.statusCode}, expected ${expected}`];

const failuresOf = (outcomes: FuzzOutcome[]) =>
  outcomes.filter((outcome) => outcome.failure).map((outcome) => `${outcome.target}\n${outcome.failure}`);

/**
 * docs/reliability.md 'Input fuzzing': property-based requests (fast-check) to every `/api` route,
 * `/graphql` and every form action of the storefront, each found as the app registers it. A case
 * passes when the answer is below 500, leaks nothing internal, carries its standard error body when
 * it is a 4xx, wrote nothing to the database when it was refused, and left Object.prototype alone.
 */
describe.each(testDatabaseKinds())('fuzzing on $name', (kind) => {
  const routes: AppRoute[] = [];
  let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
  let customer: Awaited<ReturnType<typeof createApiFixture>>;
  let checked: ReturnType<typeof sideEffectChecks>;
  let forms: FormRoute[];

  beforeAll(async () => {
    harness = await createSeededPagesApp({}, { kind, onRoute: collectApiRoutes(routes) });
    forms = formRoutesOf(await loadStorefrontBuild());
    customer = await createApiFixture(harness.app);
    checked = sideEffectChecks(await watchDatabaseChanges(harness.database.db));
  });
  afterAll(() => harness?.close());

  const record = (outcome: FuzzOutcome, unit = 'cases') =>
    recordFigure(SECTION, `${outcome.target} (${kind.name})`, outcome.cases, unit);

  it('finds every /api route and form action, so a new one is fuzzed without being listed', () => {
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/cart/create',
        'PUT /api/customers/:id/addresses',
        'GET /api/pro/order_total',
        'POST /api/search/api/as/v1/engines/*',
        'GET /api/content/*',
        'DELETE /api/*',
      ]),
    );
    expect(forms.map((form) => form.path)).toEqual(
      expect.arrayContaining([
        '/:lang/account',
        '/:lang/account/addresses',
        '/:lang/cart',
        '/:lang/checkout',
        '/:lang/p/:uid',
      ]),
    );
  });

  it('replays the cases that once failed', async () => {
    const failures: string[] = [];
    for (const regression of REGRESSIONS) {
      await customer.refresh();
      const request = regression.request(customer.fixture);
      const send = () =>
        customer.browser().call(request.method, request.url, { headers: request.headers, payload: request.payload });
      for (let time = 1; time < (regression.times ?? 1); time += 1) await send();
      const { answer, problems } = await checked(send, { readOnly: request.method === 'GET' });
      const all = [...responseProblems(answer, errorShapeOf(request.url)), ...problems];
      if (answer.statusCode !== regression.status)
        all.push(`answered ${answer.statusCode}, expected ${regression.status}`);
      const body = answer.body;
      if (regression.bodyIncludes && !body.includes(regression.bodyIncludes))
        all.push(`body lacks ${regression.bodyIncludes}`);
      if (all.length > 0) failures.push(`${regression.defect}: ${all.join('; ')} ${body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers a post to a page without a form with 405, and logs no stack for it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/en-us/stores',
        payload: 'a=1',
        headers: FORM,
      });
      expect(response.statusCode).toBe(405);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('answers hostile requests to every /api route with a 2xx or a standard 4xx, and a refusal changes nothing', async () => {
    const outcomes: FuzzOutcome[] = [];
    for (const route of routes) {
      await customer.refresh();
      const visitor = new TestBrowser(harness.app);
      const send = (request: FuzzRequest) =>
        (request.asCustomer ? customer.browser() : visitor).call(request.method, request.url, {
          headers: request.headers,
          noCsrf: !request.withCsrf,
          payload: request.payload,
        });
      const outcome = await fuzzTarget(
        `${route.method} ${route.url}`,
        apiRequests(route, customer.fixture),
        CASES_PER_ROUTE,
        async (request) => {
          const { answer, problems } = await checked(() => send(request), { readOnly: request.method === 'GET' });
          return [
            ...responseProblems(answer, errorShapeOf(request.url)),
            ...problems,
            ...statusProblems(answer, request.expectedStatus),
          ];
        },
      );
      record(outcome);
      outcomes.push(outcome);
    }
    recordFigure(SECTION, `/api routes (${kind.name})`, outcomes.length, 'routes');
    recordFigure(
      SECTION,
      `/api cases (${kind.name})`,
      outcomes.reduce((sum, { cases }) => sum + cases, 0),
      'cases',
    );
    expect(failuresOf(outcomes)).toEqual([]);
  });

  it('answers hostile GraphQL documents and variables below 500, without leaks or writes', async () => {
    const outcome = await fuzzTarget('/graphql', graphqlRequests, GRAPHQL_CASES, async (request) => {
      const { answer, problems } = await checked(
        () =>
          harness.app.inject({
            method: request.method,
            url: request.url,
            headers: request.headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          }),
        { readOnly: true },
      );
      return [...responseProblems(answer, 'graphql'), ...problems];
    });
    record(outcome);
    expect(failuresOf([outcome])).toEqual([]);
  });

  it('answers hostile form posts below 500, without leaks, and a refusal changes nothing', async () => {
    const outcomes: FuzzOutcome[] = [];
    const visitor = { browser: new TestBrowser(harness.app), itemId: '' };
    for (const form of forms) {
      await customer.refresh();
      // A visitor with a cart of their own, so cart and checkout forms reach past 'no cart'.
      visitor.browser = new TestBrowser(harness.app);
      const { productId: product_id, variantId: variant_id } = customer.fixture;
      const cart = await visitor.browser.post('/api/cart/create', {
        line_items: [{ product_id, variant_id, quantity: 1 }],
      });
      visitor.itemId = cart.json().data.line_items.physical_items[0].id;
      const fixture = {
        productUid: customer.fixture.productUid,
        variantId: variant_id,
        addressId: customer.fixture.addressId,
        itemId: (asCustomer: boolean) => (asCustomer ? customer.fixture.itemId : visitor.itemId),
      };
      const outcome = await fuzzTarget(
        `POST ${form.path}`,
        formRequests(form, fixture),
        CASES_PER_FORM,
        async (request) => {
          const browser = request.asCustomer ? customer.browser() : visitor.browser;
          const { answer, problems } = await checked(
            () => browser.call('POST', request.url, { headers: request.headers, payload: request.payload }),
            { readOnly: false },
          );
          return [...responseProblems(answer, 'page'), ...problems, ...statusProblems(answer, request.expectedStatus)];
        },
      );
      record(outcome);
      outcomes.push(outcome);
    }
    recordFigure(SECTION, `form actions (${kind.name})`, outcomes.length, 'forms');
    recordFigure(
      SECTION,
      `form cases (${kind.name})`,
      outcomes.reduce((sum, { cases }) => sum + cases, 0),
      'cases',
    );
    expect(failuresOf(outcomes)).toEqual([]);
  });
});
