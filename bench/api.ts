/**
 * The hot API calls on the demo data as `npm start` serves it (PGlite), 16 connections:
 * catalogue list and product detail, add to cart and get cart, login (argon2id by design, over
 * 200 accounts),
 * a search query, and an image already in the media cache. Then add to cart as issue 29 budgets
 * it: at 1 connection on PGlite (p50 < 5 ms) and at 16 on Postgres (p99 < 25 ms), when the
 * Postgres server of BENCH_DATABASE_URL is reachable.
 */
import type autocannon from 'autocannon';
import {
  load,
  POSTGRES_URL,
  postgresReachable,
  recreatePostgresDatabase,
  SECONDS,
  startServer,
  table,
  temporaryDataDir,
  WARMUP_SECONDS,
  type LoadResult,
  type RunningServer,
} from './lib';
import { createCart, MUTATING_HEADERS, stockedVariants, XSRF, type Variant } from './shop-client';

const CONNECTIONS = 16;
const CARTS = 200;
/** The demo seed's first category: Bindings. */
const BINDINGS_CATEGORY = 20;
const SEARCH_KEY = 'search-piste-demo';

export interface ApiRow extends LoadResult {
  call: string;
  /** Absent in runs before issue 29: PGlite at 16 connections. */
  database?: 'PGlite' | 'Postgres';
  connections?: number;
}

export const ADD_TO_CART = 'POST cart/{id}/items (add to cart)';

type Requests = Array<string | autocannon.Request>;

async function productDetailPaths(server: RunningServer): Promise<string[]> {
  const response = await fetch(`${server.baseUrl}/api/products?limit=50`);
  const products = ((await response.json()) as { data: Array<{ id: number }> }).data;
  return products.map((product) => `/api/products/${product.id}?include=variants,options`);
}

const LOGIN_ACCOUNTS = 200;
const LOGIN_PASSWORD = 'bench-password-1234';

/** A made-up address per request: the server trusts the benchmark's X-Forwarded-For. */
const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/**
 * Accounts for the login run. Logins are spread over many accounts and addresses, so that the
 * sign-in limits (5 attempts at once per account, 30 per address in 15 minutes) are not what is
 * measured: each login is a real argon2id check of a right password.
 */
async function createLoginAccounts(server: RunningServer): Promise<void> {
  for (let index = 0; index < LOGIN_ACCOUNTS; index += 1) {
    const response = await fetch(`${server.baseUrl}/api/customers/create`, {
      method: 'POST',
      headers: { ...MUTATING_HEADERS, cookie: `XSRF-TOKEN=${XSRF}`, 'x-forwarded-for': addressOf(100_000 + index) },
      body: JSON.stringify({
        email: `bench-${index}@piste.test`,
        password: LOGIN_PASSWORD,
        first_name: 'Bench',
        last_name: `Shopper ${index}`,
      }),
    });
    if (response.status !== 201)
      throw new Error(`customers/create answered ${response.status}: ${await response.text()}`);
  }
}

function loginRequests(): Requests {
  return Array.from({ length: 2_000 }, (_, index) => ({
    method: 'POST' as const,
    path: '/api/customers/login',
    headers: { ...MUTATING_HEADERS, cookie: `XSRF-TOKEN=${XSRF}`, 'x-forwarded-for': addressOf(index) },
    body: JSON.stringify({ email: `bench-${index % LOGIN_ACCOUNTS}@piste.test`, pw: LOGIN_PASSWORD }),
  }));
}

/** One add of another stocked variant to each cart in turn. */
function addToCartRequests(carts: Array<{ id: string; cookie: string }>, variants: Variant[]): Requests {
  return carts.map((cart, index) => {
    const variant = variants[(index + 1) % variants.length]!;
    return {
      method: 'POST' as const,
      path: `/api/cart/${cart.id}/items`,
      headers: { ...MUTATING_HEADERS, cookie: cart.cookie },
      body: JSON.stringify({ line_items: [{ product_id: variant.product_id, variant_id: variant.id, quantity: 1 }] }),
    };
  });
}

/** Add to cart over CARTS fresh carts of the server at that many connections. */
async function addToCart(server: RunningServer, connections: number): Promise<LoadResult> {
  const variants = await stockedVariants(server);
  const carts: Array<{ id: string; cookie: string }> = [];
  // A few at a time: two hundred at once can outrun the Postgres pool of a busy machine (503).
  while (carts.length < CARTS) {
    const batch = Array.from(
      { length: Math.min(CONNECTIONS, CARTS - carts.length) },
      (_, index) => variants[(carts.length + index) % variants.length]!,
    );
    carts.push(...(await Promise.all(batch.map((variant) => createCart(server, variant)))));
  }
  return load(server.baseUrl, addToCartRequests(carts, variants), {
    connections,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  });
}

/** Add to cart on a fresh Postgres database with the demo data, or nothing when Postgres is not there. */
async function addToCartOnPostgres(): Promise<ApiRow[]> {
  if (!(await postgresReachable())) {
    console.log(`Postgres at ${POSTGRES_URL} is not reachable: add to cart measured on PGlite only.`);
    return [];
  }
  const server = await startServer({ DATABASE_URL: await recreatePostgresDatabase('piste_bench_api') });
  try {
    const result = await addToCart(server, CONNECTIONS);
    console.log(`${ADD_TO_CART} on Postgres, c${CONNECTIONS}: p99 ${result.p99} ms`);
    return [{ call: ADD_TO_CART, database: 'Postgres', connections: CONNECTIONS, ...result }];
  } catch (error) {
    // The PGlite figures stand; the budget on Postgres then reads "not measured".
    console.error(`Add to cart on Postgres not measured: ${(error as Error).message}`);
    return [];
  } finally {
    await server.stop();
  }
}

function searchRequests(): Requests {
  return ['goggle', 'helmet', 'binding', 'beanie', 'pack', 'glove', 'mips', 'carbon'].map((query) => ({
    method: 'POST' as const,
    path: '/api/search/api/as/v1/engines/piste/search.json',
    headers: { authorization: `Bearer ${SEARCH_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      query,
      filters: { all: [{ locale: 'en-us' }, { regions: 'us' }] },
      facets: { colours: { type: 'value' } },
      page: { size: 24 },
    }),
  }));
}

export async function benchApi(): Promise<ApiRow[]> {
  const data = temporaryDataDir('api');
  const server = await startServer({ DATA_DIR: data.dir, TRUST_PROXY: 'true' });
  const rows: ApiRow[] = [];
  try {
    const variants = await stockedVariants(server);
    const carts = await Promise.all(
      Array.from({ length: CARTS }, (_, index) => createCart(server, variants[index % variants.length]!)),
    );
    await createLoginAccounts(server);
    const image = '/media/i/piste/banner-bluebird?w=768&h=432&sm=c&fmt=auto';
    await (await fetch(server.baseUrl + image, { headers: { accept: 'image/webp' } })).arrayBuffer();
    const calls: Array<[string, Requests, Record<string, string>?]> = [
      [
        'GET products?categories:in (catalogue list)',
        [1, 2, 3].map((page) => `/api/products?categories:in=${BINDINGS_CATEGORY}&page=${page}&limit=12`),
      ],
      ['GET products/{id}?include=variants,options', await productDetailPaths(server)],
      [ADD_TO_CART, addToCartRequests(carts, variants)],
      [
        'GET cart/{id}',
        carts.map((cart) => ({
          method: 'GET' as const,
          path: `/api/cart/${cart.id}`,
          headers: { cookie: cart.cookie },
        })),
      ],
      ['POST customers/login', loginRequests()],
      ['POST search.json (search query)', searchRequests()],
      ['GET /media/i/… (cached transform)', [image], { accept: 'image/webp' }],
    ];
    for (const [call, requests, headers] of calls) {
      const result = await load(server.baseUrl, requests, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        headers,
      });
      rows.push({ call, database: 'PGlite', connections: CONNECTIONS, ...result });
      console.log(
        `${call}: ${result.requestsPerSecond} req/s, p99 ${result.p99} ms, ${result.errors + result.non2xx} errors`,
      );
    }
    const alone = await addToCart(server, 1);
    rows.push({ call: ADD_TO_CART, database: 'PGlite', connections: 1, ...alone });
    console.log(`${ADD_TO_CART} on PGlite, c1: p50 ${alone.p50} ms`);
  } finally {
    await server.stop();
    data.remove();
  }
  return [...rows, ...(await addToCartOnPostgres())];
}

export function apiMarkdown(rows: ApiRow[]): string {
  return [
    '## API calls',
    '',
    `Demo data as \`npm start\` serves it (PGlite), and on a fresh Postgres database for add to cart; ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up. Add to cart at 1 connection and on Postgres uses ${CARTS} fresh carts.`,
    '',
    table(
      ['call', 'database', 'connections', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'errors'],
      rows.map((row) => [
        row.call,
        row.database ?? 'PGlite',
        row.connections ?? CONNECTIONS,
        row.requestsPerSecond,
        row.p50,
        row.p90,
        row.p99,
        row.errors + row.non2xx,
      ]),
      [false, false, true, true, true, true, true, true],
    ),
    '',
  ].join('\n');
}
