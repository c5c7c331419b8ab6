/**
 * The hot API calls on the demo data as `npm start` serves it (PGlite), 16 connections:
 * catalogue list and product detail, add to cart and get cart, login (argon2id by design, over
 * 200 accounts),
 * a search query, and an image already in the media cache.
 */
import type autocannon from 'autocannon';
import { load, startServer, table, temporaryDataDir, type LoadResult, type RunningServer } from './lib';
import { createCart, MUTATING_HEADERS, stockedVariants, XSRF } from './shop-client';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 16;
const CARTS = 200;
/** The demo seed's first category: Bindings. */
const BINDINGS_CATEGORY = 20;
const SEARCH_KEY = 'search-piste-demo';

export interface ApiRow extends LoadResult {
  call: string;
}

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
      [
        'POST cart/{id}/items (add to cart)',
        carts.map((cart, index) => {
          const variant = variants[(index + 1) % variants.length]!;
          return {
            method: 'POST' as const,
            path: `/api/cart/${cart.id}/items`,
            headers: { ...MUTATING_HEADERS, cookie: cart.cookie },
            body: JSON.stringify({
              line_items: [{ product_id: variant.product_id, variant_id: variant.id, quantity: 1 }],
            }),
          };
        }),
      ],
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
      rows.push({ call, ...result });
      console.log(
        `${call}: ${result.requestsPerSecond} req/s, p99 ${result.p99} ms, ${result.errors + result.non2xx} errors`,
      );
    }
  } finally {
    await server.stop();
    data.remove();
  }
  return rows;
}

export function apiMarkdown(rows: ApiRow[]): string {
  return [
    '## API calls',
    '',
    `Demo data on PGlite as \`npm start\` serves it; ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up.`,
    '',
    table(
      ['call', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'errors'],
      rows.map((row) => [row.call, row.requestsPerSecond, row.p50, row.p90, row.p99, row.errors + row.non2xx]),
    ),
    '',
  ].join('\n');
}
