/**
 * docs/reliability.md 'Dependency failure': the shop when what it depends on fails.
 *
 * - The database stops answering (Postgres behind a relay whose plug is pulled; the PGlite
 *   instance closed): `/readyz` fails, pages answer a friendly 503 page, the API a standard
 *   503 body, nothing crashes; Postgres coming back is picked up without a restart.
 * - The network to Postgres goes silent (the relay holds every byte): the same 503s, each within
 *   the query timeout instead of never, and no pooled connection is lost for good.
 * - Redis drops after start (its relay's plug pulled): signed-in pages and calls, sign-in and
 *   sign-out answer 503 "try again", never 500; `/readyz` names Redis; a sign-out is refused,
 *   not lost; Redis coming back is picked up without a restart.
 * - A hosted content or search service that is unreachable, failing, slow or hung: pages still
 *   render, degraded as spec §8 says (content failures are logged and read as empty; search says
 *   it is unavailable), within a bounded time; a product page whose content could not be read
 *   answers the 503 page, not a 404.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createContentStore, createDeliveryApi } from '@piste/content/server';
import type { Database } from '@piste/db';
import { prepareDatabase } from '../../src/database';
import { buildTestApp, createSeededPagesApp, testConfig } from '../support/app-harness';
import { DEMO, TestBrowser } from '../support/test-browser';
import { startDatabaseOutageProxy, type DatabaseOutageProxy } from './database-outage-proxy';
import { urlencoded } from './form-fuzz-cases';
import { bySize, recordFigure } from './mode';
import { startHostedProviderStandIn, type HostedProviderStandIn, type ProviderFault } from './provider-faults';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Answer = Awaited<ReturnType<TestBrowser['get']>>;

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Anything that would tell a visitor how the shop failed. */
const FAILURE_DETAILS = /DrizzleQueryError|Failed query|ECONN|select |stack|at [\w.]+ \(|"statusCode"/;

/** A page without its inline stylesheet (decision 029-d), whose rules and class names are no failure. */
const withoutStyles = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/gs, '');

/** Whatever crashes a process: none may happen while a dependency is down. */
const crashes: unknown[] = [];
const recordCrash = (error: unknown) => crashes.push(error);
beforeAll(() => {
  process.on('unhandledRejection', recordCrash);
  process.on('uncaughtException', recordCrash);
});
afterAll(() => {
  process.off('unhandledRejection', recordCrash);
  process.off('uncaughtException', recordCrash);
});
afterEach(() => expect(crashes).toEqual([]));

const headingOf = (answer: Answer) => /<h1[^>]*>(.*?)<\/h1>/s.exec(answer.body)?.[1]?.replace(/<[^>]+>/g, '') ?? '';

function expectOutagePage(answer: Answer, heading: string) {
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(503);
  expect(answer.headers['content-type']).toMatch(/^text\/html/);
  expect(answer.headers['retry-after']).toMatch(/^\d+$/);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(headingOf(answer)).toBe(heading);
  expect(withoutStyles(answer.body)).not.toMatch(FAILURE_DETAILS);
}

function expectOutageBody(answer: Answer) {
  expect(answer.statusCode, answer.body).toBe(503);
  expect(answer.headers['retry-after']).toMatch(/^\d+$/);
  expect(answer.json()).toEqual({ error: { code: 'UNAVAILABLE', message: expect.any(String) } });
}

/** Polls until `done` holds, for at most `ms`; answers how long it took. */
async function waitUntil(done: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > ms) throw new Error(`not done within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Date.now() - started;
}

/**
 * What the database outage checks, once the database does not answer: all but recovery.
 * Answers how many requests it made.
 */
async function expectOutageHandled(app: App, signedIn: TestBrowser): Promise<number> {
  let requests = 0;
  const counted = (browser: TestBrowser) => ({
    get: (path: string) => (requests++, browser.get(path)),
    post: (path: string, payload: unknown) => (requests++, browser.post(path, payload)),
    call: (...args: Parameters<TestBrowser['call']>) => (requests++, browser.call(...args)),
  });
  const visitor = counted(new TestBrowser(app));
  const shopper = counted(signedIn);
  expect((await visitor.get('/healthz')).statusCode).toBe(200);
  const ready = await visitor.get('/readyz');
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toEqual({ status: 'database-unreachable' });

  // Pages that need the database answer the friendly page, in the page's language.
  expectOutagePage(await visitor.get('/en-us/c/goggles?sort=price-asc'), 'Back in a moment');
  expectOutagePage(await visitor.get('/de-de/p/summit-pro-binding'), 'Gleich wieder da');
  expectOutagePage(await shopper.get('/fr-fr/account'), 'De retour dans un instant');
  // Whatever a page manages to render from caches and content, it is never a 500.
  for (const path of ['/', '/en-us/c/bindings', '/en-us/search?q=helmet', '/en-us/cart', '/es-es/blog']) {
    const answer = await visitor.get(path);
    expect([200, 503], `${path}: ${answer.statusCode}`).toContain(answer.statusCode);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
  }

  // The API says "try again" in its standard body.
  expectOutageBody(await visitor.get('/api/products?limit=3&page=7'));
  expectOutageBody(
    await visitor.post('/api/cart/create', { line_items: [{ product_id: 100, variant_id: 100001, quantity: 1 }] }),
  );
  expectOutageBody(await visitor.post('/api/customers/login', DEMO.shopper));
  expectOutageBody(await shopper.get('/api/orders'));
  // So does a page's form posted by the browser's router (a data request), as with scripts.
  expectOutageBody(
    await visitor.call('POST', '/en-us/account.data?index', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: urlencoded({ intent: 'signin', email: DEMO.shopper.email, password: DEMO.shopper.pw }),
    }),
  );
  // A client's own mistake is still its own.
  expect((await visitor.get('/api/products?limit=9999')).statusCode).toBe(400);
  // The embedded content and search services answer from memory or say "try again" in their
  // own shapes; never a 500.
  const embedded = new TestBrowser(app);
  const content = await embedded.get('/api/content/v3/content_types/page/entries?environment=production&locale=en-us', {
    headers: { api_key: 'piste_demo_stack', access_token: 'piste_demo_delivery' },
  });
  const checks: Array<[Answer, unknown]> = [
    [content, { error_code: 503, error_message: expect.any(String), errors: {} }],
  ];
  requests += 1;
  // With a hosted search engine configured, the embedded one is not mounted.
  if (app.services.search.api) {
    const search = await embedded.post(
      '/api/search/api/as/v1/engines/piste/search.json',
      { query: 'helmet', page: { size: 3 } },
      { headers: { authorization: 'Bearer search-piste-demo' } },
    );
    checks.push([search, { errors: [expect.any(String)] }]);
    requests += 1;
  }
  for (const [answer, body] of checks) {
    expect([200, 503], answer.body.slice(0, 200)).toContain(answer.statusCode);
    if (answer.statusCode === 503) {
      expect(answer.headers['retry-after']).toMatch(/^\d+$/);
      expect(answer.json()).toEqual(body);
    }
  }
  return requests;
}

/** The shop's query timeout in the Postgres cases (DATABASE_QUERY_TIMEOUT_SECONDS). */
const QUERY_TIMEOUT_SECONDS = 1;
/**
 * The longest a request may take while Postgres is silent: a new connection gives up after 5 s
 * (a pooled one's query after the timeout and a second), then the outage check's ping 1 s.
 */
const SILENT_ANSWER_WITHIN_MS = 5_000 + 1_000 + 1_000;

describe.runIf(postgresUrl)('Postgres becomes unreachable, then comes back', () => {
  const name = `piste_outage_${createHash('sha256').update(String(process.pid)).digest('hex').slice(0, 8)}`;
  let admin: pg.Client;
  let proxy: DatabaseOutageProxy;
  let database: Database;
  let app: App;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const target = new URL(postgresUrl!);
    target.pathname = `/${name}`;
    proxy = await startDatabaseOutageProxy(target.toString());
    // As the server opens it: migrated and seeded without a time limit, then serving with one.
    const config = testConfig({
      DATABASE_URL: proxy.url,
      DATABASE_QUERY_TIMEOUT_SECONDS: String(QUERY_TIMEOUT_SECONDS),
    });
    database = await prepareDatabase(config, () => {});
    // No catalogue or page cache: every page read reaches the database.
    app = await buildTestApp(database, { CATALOGUE_CACHE_TTL_SECONDS: '0', PAGE_CACHE_TTL_SECONDS: '0' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  it('fails readiness, answers 503 pages and bodies, and recovers without a restart', async () => {
    const shopper = new TestBrowser(app);
    await shopper.signIn(DEMO.shopper.email, DEMO.shopper.pw);
    await waitUntil(async () => (await shopper.get('/readyz')).statusCode === 200, 30_000);
    const outages = bySize(1, 3);
    let answered = 0;
    let slowestRecoveryMs = 0;
    for (let outage = 0; outage < outages; outage++) {
      proxy.cut();
      answered += await expectOutageHandled(app, shopper);

      proxy.restore();
      const recoveryMs = await waitUntil(async () => (await shopper.get('/readyz')).statusCode === 200, 15_000);
      slowestRecoveryMs = Math.max(slowestRecoveryMs, recoveryMs);
      expect((await shopper.get('/en-us/c/goggles?sort=price-asc')).statusCode).toBe(200);
      expect((await shopper.get('/de-de/p/summit-pro-binding')).statusCode).toBe(200);
      // The session outlived the outage.
      expect((await shopper.get('/fr-fr/account')).statusCode).toBe(200);
      expect((await shopper.get('/api/orders')).statusCode).toBe(200);
      const cart = await new TestBrowser(app).post('/api/cart/create', {
        line_items: [{ product_id: 100, variant_id: 100001, quantity: 1 }],
      });
      expect(cart.statusCode, cart.body).toBe(201);
    }
    recordFigure('dependency-failure', 'Postgres outages survived without a restart', outages, 'outages');
    recordFigure('dependency-failure', 'requests answered during Postgres outages', answered, 'requests');
    recordFigure('dependency-failure', 'slowest recovery after Postgres came back', slowestRecoveryMs, 'ms');
  });

  it('answers 503 within the query timeout while the network to Postgres is silent, and recovers', async () => {
    const shopper = new TestBrowser(app);
    await shopper.signIn(DEMO.shopper.email, DEMO.shopper.pw);
    const visitor = new TestBrowser(app);
    const newCart = () =>
      new TestBrowser(app).post('/api/cart/create', {
        line_items: [{ product_id: 100, variant_id: 100001, quantity: 1 }],
      });
    const timed = async (request: Promise<Answer>) => {
      const started = Date.now();
      const answer = await request;
      return { answer, ms: Date.now() - started };
    };
    const silences = bySize(1, 3);
    let answered = 0;
    let slowestMs = 0;
    for (let silence = 0; silence < silences; silence++) {
      await waitUntil(async () => (await visitor.get('/readyz')).statusCode === 200, 30_000);
      // Connections in the pool, idle, as a busy shop has them: their queries are the ones that hung.
      await Promise.all(Array.from({ length: 8 }, () => visitor.get('/api/products?limit=3')));
      proxy.silence();
      // At once, more requests than the pool has connections (10), most of them transactions.
      const [ready, products, orders, category, account, ...carts] = await Promise.all([
        timed(visitor.get('/readyz')),
        timed(visitor.get('/api/products?limit=3&page=7')),
        timed(shopper.get('/api/orders')),
        timed(visitor.get('/en-us/c/goggles?sort=price-asc')),
        timed(shopper.get('/fr-fr/account')),
        ...Array.from({ length: 12 }, () => timed(newCart())),
      ]);
      const all = [ready, products, orders, category, account, ...carts];
      answered += all.length;
      slowestMs = Math.max(slowestMs, ...all.map(({ ms }) => ms));
      for (const { answer, ms } of all) expect(ms, answer.body.slice(0, 200)).toBeLessThan(SILENT_ANSWER_WITHIN_MS);
      expect(ready.answer.statusCode).toBe(503);
      expectOutageBody(products.answer);
      expectOutageBody(orders.answer);
      expectOutagePage(category.answer, 'Back in a moment');
      expectOutagePage(account.answer, 'De retour dans un instant');
      for (const { answer } of carts) expectOutageBody(answer);

      proxy.restore();
      await waitUntil(async () => (await visitor.get('/readyz')).statusCode === 200, 15_000);
      // Every connection works again: as many carts at once as the pool holds, and more.
      const recovered = await Promise.all(Array.from({ length: 12 }, newCart));
      expect(recovered.map((answer) => answer.statusCode)).toEqual(recovered.map(() => 201));
      expect((await shopper.get('/fr-fr/account')).statusCode).toBe(200);
      expect((await shopper.get('/api/orders')).statusCode).toBe(200);
      // Nothing the silence caught is kept: no transaction left open that nobody will finish, and
      // no connection checked out for good (the search index's LISTEN holds one, rightly).
      const { pool } = database as Extract<Database, { kind: 'postgres' }>;
      await waitUntil(async () => {
        const { rows } = await admin.query<{ open: number }>(
          `select count(*)::int as open from pg_stat_activity where datname = $1 and state like 'idle in transaction%'`,
          [name],
        );
        return rows[0]!.open === 0 && pool.totalCount - pool.idleCount <= 1;
      }, 5_000);
    }
    recordFigure('dependency-failure', 'silent Postgres networks survived without a restart', silences, 'outages');
    recordFigure('dependency-failure', 'requests answered while Postgres was silent', answered, 'requests');
    recordFigure('dependency-failure', 'slowest answer while Postgres was silent', slowestMs, 'ms');
  });
});

/**
 * The longest a request may take while Redis is silent: each Redis command gives up after 2 s,
 * then the outage check's ping after 1 s (and a second to spare). A signed-in request reads its
 * session once; a sign-in counts two rate limits, clears one, and writes the session.
 */
const silentRedisWithinMs = (commands: number) => commands * 2_000 + 1_000 + 1_000;

/** Whether the session token still opens the account (spec §7 `POST customers/validate-session`). */
async function sessionIsValid(app: App, token: string): Promise<boolean> {
  const browser = new TestBrowser(app);
  browser.cookies.set('piste_session', token);
  const answer = await browser.post('/api/customers/validate-session');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.is_valid as boolean;
}

describe.runIf(redisUrl)('Redis drops after start, then comes back', () => {
  let proxy: DatabaseOutageProxy;
  let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;

  beforeAll(async () => {
    // The machine's Redis is shared: the app reaches it only through the relay, whose plug the test pulls.
    proxy = await startDatabaseOutageProxy(redisUrl!);
    harness = await createSeededPagesApp({ REDIS_URL: proxy.url, PAGE_CACHE_TTL_SECONDS: '0' });
  });
  afterAll(async () => {
    // A shutdown during an outage still finishes.
    proxy?.cut();
    await harness?.close();
    await proxy?.close();
  });

  it('answers 503 to signed-in traffic, fails readiness, never loses a sign-out, and recovers', async () => {
    const { app } = harness;
    const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
    const outages = bySize(1, 3);
    let answered = 0;
    let slowestRecoveryMs = 0;
    for (let outage = 0; outage < outages; outage++) {
      const shopper = new TestBrowser(app);
      await shopper.signIn(DEMO.shopper.email, DEMO.shopper.pw);
      const leaving = new TestBrowser(app);
      await leaving.signIn(DEMO.shopper.email, DEMO.shopper.pw);
      const leavingToken = leaving.session!;
      const visitor = new TestBrowser(app);
      await waitUntil(async () => (await visitor.get('/readyz')).statusCode === 200, 15_000);

      proxy.cut();
      const ready = await visitor.get('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'redis-unreachable' });
      expect((await visitor.get('/healthz')).statusCode).toBe(200);
      // A visitor without a session never needs Redis: the shop still sells.
      expect((await visitor.get('/en-us/c/goggles')).statusCode).toBe(200);

      // Signed-in calls and pages say "try again", never 500.
      expectOutageBody(await shopper.get('/api/orders'));
      expectOutageBody(await shopper.post('/api/customers/validate-session'));
      expectOutagePage(await shopper.get('/fr-fr/account'), 'De retour dans un instant');
      expectOutagePage(await shopper.get('/en-us/account/orders'), 'Back in a moment');
      // Signing in with the right password: no session can be made, so "try again", not a 500.
      expectOutageBody(await new TestBrowser(app).post('/api/customers/login', DEMO.shopper));
      const formSignIn = await new TestBrowser(app).call('POST', '/en-us/account?index', {
        headers: FORM,
        payload: urlencoded({ intent: 'signin', email: DEMO.shopper.email, password: DEMO.shopper.pw }),
      });
      expectOutagePage(formSignIn, 'Back in a moment');
      // The same form posted by the browser's router, as a shopper with scripts sends it.
      const dataSignIn = await new TestBrowser(app).call('POST', '/en-us/account.data?index', {
        headers: FORM,
        payload: urlencoded({ intent: 'signin', email: DEMO.shopper.email, password: DEMO.shopper.pw }),
      });
      expectOutageBody(dataSignIn);

      // A sign-out that cannot end the session is refused, and the browser keeps its cookie to
      // try again; one that answered success must have ended it.
      const apiSignOut = await leaving.post('/api/customers/logout');
      const formSignOut = await shopper.call('POST', '/de-de/account/sign-out', { headers: FORM, payload: '' });
      answered += 12;
      for (const [answer, browser] of [
        [apiSignOut, leaving],
        [formSignOut, shopper],
      ] as const) {
        expect([204, 302, 503], answer.body.slice(0, 200)).toContain(answer.statusCode);
        if (answer.statusCode === 503) {
          expect(answer.headers['retry-after']).toMatch(/^\d+$/);
          expect(browser.session, 'the refused sign-out kept the cookie').toBeDefined();
        }
      }
      if (apiSignOut.statusCode === 503) expectOutageBody(apiSignOut);
      if (formSignOut.statusCode === 503) expectOutagePage(formSignOut, 'Gleich wieder da');

      proxy.restore();
      const recoveryMs = await waitUntil(async () => (await visitor.get('/readyz')).statusCode === 200, 15_000);
      slowestRecoveryMs = Math.max(slowestRecoveryMs, recoveryMs);
      // The session outlived the outage (unless its sign-out landed).
      if (formSignOut.statusCode === 503) {
        expect((await shopper.get('/fr-fr/account')).statusCode).toBe(200);
        expect((await shopper.get('/api/orders')).statusCode).toBe(200);
      }
      if (apiSignOut.statusCode === 204) expect(await sessionIsValid(app, leavingToken)).toBe(false);
      else {
        // The shopper tries again, and this time it lands.
        expect((await leaving.post('/api/customers/logout')).statusCode).toBe(204);
        expect(await sessionIsValid(app, leavingToken)).toBe(false);
      }
      expect(leaving.session).toBeUndefined();
      // Signing in works again, through both doors.
      const again = new TestBrowser(app);
      await again.signIn(DEMO.shopper.email, DEMO.shopper.pw);
      expect(await sessionIsValid(app, again.session!)).toBe(true);
      const formAgain = await new TestBrowser(app).call('POST', '/en-us/account?index', {
        headers: FORM,
        payload: urlencoded({ intent: 'signin', email: DEMO.shopper.email, password: DEMO.shopper.pw }),
      });
      expect(formAgain.statusCode).toBe(302);
    }
    recordFigure('dependency-failure', 'Redis outages survived without a restart', outages, 'outages');
    recordFigure('dependency-failure', 'requests answered during Redis outages', answered, 'requests');
    recordFigure('dependency-failure', 'slowest recovery after Redis came back', slowestRecoveryMs, 'ms');
  });

  it('answers 503 within seconds while the network to Redis is silent, and recovers', async () => {
    const { app } = harness;
    const shopper = new TestBrowser(app);
    await shopper.signIn(DEMO.shopper.email, DEMO.shopper.pw);
    const visitor = new TestBrowser(app);
    await waitUntil(async () => (await visitor.get('/readyz')).statusCode === 200, 15_000);
    const timed = async (request: Promise<Answer>) => {
      const started = Date.now();
      const answer = await request;
      return { answer, ms: Date.now() - started };
    };

    proxy.silence();
    const [ready, orders, account, signIn, signOut] = await Promise.all([
      timed(visitor.get('/readyz')),
      timed(shopper.get('/api/orders')),
      timed(shopper.get('/it-it/account')),
      timed(new TestBrowser(app).post('/api/customers/login', DEMO.shopper)),
      timed(new TestBrowser(app).post('/api/customers/logout')),
    ]);
    for (const { answer, ms } of [ready, orders, account]) {
      expect(ms, answer.body.slice(0, 200)).toBeLessThan(silentRedisWithinMs(1));
    }
    expect(signIn.ms).toBeLessThan(silentRedisWithinMs(4));
    expect(ready.answer.statusCode).toBe(503);
    expect(ready.answer.json()).toEqual({ status: 'redis-unreachable' });
    expectOutageBody(orders.answer);
    expectOutagePage(account.answer, 'Torniamo subito');
    expectOutageBody(signIn.answer);
    // A visitor's sign-out has no session to end.
    expect(signOut.answer.statusCode).toBe(204);

    proxy.restore();
    const recoveryMs = await waitUntil(async () => (await visitor.get('/readyz')).statusCode === 200, 15_000);
    expect((await shopper.get('/api/orders')).statusCode).toBe(200);
    expect((await shopper.get('/it-it/account')).statusCode).toBe(200);
    recordFigure(
      'dependency-failure',
      'slowest signed-in read while Redis was silent',
      Math.max(orders.ms, account.ms),
      'ms',
    );
    recordFigure('dependency-failure', 'sign-in while Redis was silent', signIn.ms, 'ms');
    recordFigure('dependency-failure', 'recovery after a silent Redis', recoveryMs, 'ms');
  });
});

/** A valid App Search answer with no results: what a healthy but slow hosted engine sends. */
async function emptySearchAnswer(request: Request): Promise<Response> {
  const empty = {
    meta: {
      alerts: [],
      warnings: [],
      precision: 2,
      page: { current: 1, total_pages: 0, total_results: 0, size: 24 },
      engine: { name: 'piste', type: 'default' },
      request_id: 'stand-in',
    },
    results: [],
    facets: {},
  };
  const body = (await request.json()) as { queries?: unknown[] };
  const path = new URL(request.url).pathname;
  if (path.endsWith('/multi_search.json')) return Response.json((body.queries ?? []).map(() => empty));
  if (path.endsWith('/query_suggestion.json')) {
    return Response.json({ meta: { request_id: 'stand-in' }, results: { documents: [] } });
  }
  return Response.json(empty);
}

describe('hosted content and search services that fail, and then the database', () => {
  let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
  let content: HostedProviderStandIn;
  let search: HostedProviderStandIn;

  beforeAll(async () => {
    // The stand-ins start first: the app is configured with their addresses. The content one
    // serves the embedded delivery API over the app's own database once it exists.
    let delivery: ReturnType<typeof createDeliveryApi> | null = null;
    content = await startHostedProviderStandIn((request) =>
      delivery ? delivery.handle(request) : Promise.resolve(new Response(null, { status: 503 })),
    );
    search = await startHostedProviderStandIn(emptySearchAnswer);
    harness = await createSeededPagesApp({
      CONTENT_BASE_URL: `${content.url}/v3`,
      // Every page view reaches the content service: a cached answer or page would hide its failure.
      CONTENT_CACHE_TTL_SECONDS: '0',
      PAGE_CACHE_TTL_SECONDS: '0',
      SEARCH_ENDPOINT: `${search.url}/api/as/v1`,
    });
    const keys = harness.app.services.content.keys;
    delivery = createDeliveryApi({ store: createContentStore(harness.database.db, keys), keys });
  });
  afterAll(async () => {
    // NOTE: the last case closed the database already; closing it again may only fail.
    await harness?.close().catch(() => {});
    await content?.close();
    await search?.close();
  });

  /** A page, and how long it took; fails if it takes longer than `withinMs`. */
  async function page(path: string, withinMs = 10_000) {
    const started = Date.now();
    const answer = await Promise.race([
      new TestBrowser(harness.app).get(path),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${path} hung`)), withinMs)),
    ]);
    return { answer, ms: Date.now() - started, heading: headingOf(answer) };
  }

  /** Pages whose main content is the catalogue: they keep it whatever content does. */
  async function expectCatalogueKept() {
    const category = await page('/en-us/c/bindings');
    expect(category.answer.statusCode).toBe(200);
    expect(category.answer.body).toContain('Summit Pro Binding');
    expect(category.heading).toBe('Bindings');
    const cart = await page('/de-de/cart');
    expect(cart.answer.statusCode).toBe(200);
  }

  it('renders pages degraded, and product pages 503, while the content service is unreachable or failing', async () => {
    const healthyHome = await page('/');
    expect(healthyHome.answer.statusCode).toBe(200);
    const faults: ProviderFault[] = ['slow', 'failing', 'unreachable'];
    content.delayMs = 50;
    for (const fault of faults) {
      content.fault = fault;
      const callsBefore = content.calls;
      // spec §8: content failures are only logged; the page renders with what remains.
      const home = await page('/');
      expect(home.answer.statusCode, `${fault}: home`).toBe(200);
      expect(withoutStyles(home.answer.body)).not.toMatch(FAILURE_DETAILS);
      if (fault === 'slow') expect(home.answer.body.length).toBe(healthyHome.answer.body.length);
      for (const path of ['/en-us/blog', '/en-us/stores', '/it-it/search?q=helmet']) {
        const answer = (await page(path)).answer;
        expect(answer.statusCode, `${fault}: ${path}`).toBe(200);
      }
      await expectCatalogueKept();
      // A product the service could not read is not "not found": crawlers must keep it.
      const product = (await page('/de-de/p/summit-pro-binding')).answer;
      if (fault === 'slow') expect(product.statusCode).toBe(200);
      else expectOutagePage(product, 'Gleich wieder da');
      expect(content.calls, 'the content service was asked').toBeGreaterThan(callsBefore);
    }
    content.fault = 'healthy';
    // Back to the whole home page once the service answers (after the few seconds it is skipped).
    await waitUntil(async () => (await page('/')).answer.body.length === healthyHome.answer.body.length, 15_000);
    expect((await page('/de-de/p/summit-pro-binding')).answer.statusCode).toBe(200);
    expect((await page('/de-de/p/no-such-product')).answer.statusCode).toBe(404);
    recordFigure('dependency-failure', 'content service faults rendered degraded', faults.length, 'faults');
  });

  it.runIf(bySize(false, true))(
    'renders pages within the content timeout while the content service hangs',
    async () => {
      content.fault = 'hanging';
      // spec §9: 30 s per content request; the reads after the first fail fast.
      const first = await page('/en-us/c/bindings', 45_000);
      expect(first.answer.statusCode).toBe(200);
      const next = await page('/en-us/c/helmets', 10_000);
      expect(next.answer.statusCode).toBe(200);
      expectOutagePage((await page('/en-us/p/summit-pro-binding', 10_000)).answer, 'Back in a moment');
      content.fault = 'healthy';
      recordFigure('dependency-failure', 'first page while the content service hangs', first.ms, 'ms');
      recordFigure('dependency-failure', 'next page while the content service hangs', next.ms, 'ms');
    },
  );

  it('says search is unavailable while the search service is unreachable, failing or hung', async () => {
    // The page's notice; its wording also travels in the page's data, so the element is what counts.
    const unavailable = /role="status">Search is not available right now/;
    search.delayMs = 500;
    search.fault = 'slow';
    const slow = await page('/en-us/search?q=helmet');
    expect(slow.answer.statusCode).toBe(200);
    expect(unavailable.test(slow.answer.body)).toBe(false);
    expect(slow.answer.body).toContain('No results for “helmet”');

    const faults: ProviderFault[] = ['failing', 'unreachable', 'hanging'];
    let slowestMs = 0;
    for (const fault of faults) {
      search.fault = fault;
      // A different query each time: the server reuses a hosted engine's answers for a while.
      const answer = await page(`/en-us/search?q=goggles-${fault}`);
      expect(answer.answer.statusCode, fault).toBe(200);
      expect(unavailable.test(answer.answer.body), fault).toBe(true);
      slowestMs = Math.max(slowestMs, answer.ms);
      await expectCatalogueKept();
    }
    search.fault = 'healthy';
    recordFigure('dependency-failure', 'search service faults rendered degraded', faults.length + 1, 'faults');
    recordFigure('dependency-failure', 'slowest search page while search failed', slowestMs, 'ms');
  });

  it('answers 503 pages and bodies, and does not crash, once the embedded PGlite database is gone', async () => {
    const shopper = new TestBrowser(harness.app);
    await shopper.signIn(DEMO.shopper.email, DEMO.shopper.pw);
    await harness.database.close();
    await expectOutageHandled(harness.app, shopper);
  });
});
