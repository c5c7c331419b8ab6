/**
 * `npm run bench:cart`: the cart's hot calls and the checkout, on PGlite and on Postgres, with
 * the demo catalogue. Writes bench/results/cart.json and .md.
 *
 * - add to cart: `POST /api/cart/{id}/items` spread over prepared carts and variants;
 * - get cart: `GET /api/cart/{id}` with the cart's session;
 * - checkout: orders placed per second by 16 shoppers at once.
 *
 * Budget (docs/performance.md): add-to-cart p99 under 25 ms on PGlite at concurrency 16.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { TEST_PAYMENT_CARDS } from '@piste/commerce/server';
import {
  writeResults,
  type MachineInfo,
  startServer,
  type LoadResult,
  type RunningServer,
  POSTGRES_URL,
  postgresReachable,
  recreatePostgresDatabase,
} from './lib';
import { createCart, MUTATING_HEADERS as mutating, stockedVariants, type Variant } from './shop-client';

const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const CARTS = 400;
const CHECKOUTS = 200;

interface Row extends LoadResult {
  database: 'pglite' | 'postgres';
  call: string;
}

async function loadRequests(server: RunningServer, requests: autocannon.Request[]): Promise<LoadResult> {
  const run = (duration: number) => autocannon({ url: server.baseUrl, connections: CONNECTIONS, duration, requests });
  await run(WARMUP_SECONDS);
  const result = await run(SECONDS);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Pays for a cart as the checkout page does: an intent for its total, then the authorising test
 * card sent to the test provider's own origin (PORT + 1 by default), as its card element sends it.
 */
async function payFor(server: RunningServer, cart: { id: string; cookie: string }, key: string, methodId: number) {
  const created = await fetch(`${server.baseUrl}/api/cart/${cart.id}/payments`, {
    method: 'POST',
    headers: { ...mutating, cookie: cart.cookie, 'idempotency-key': key },
    body: JSON.stringify({ shipping_address: { country_iso2: 'US', state: 'UT' }, shipping_method_id: methodId }),
  });
  if (created.status !== 201) throw new Error(`creating a payment answered ${created.status}: ${await created.text()}`);
  const { data } = (await created.json()) as { data: { id: string; client_secret: string } };
  const provider = new URL(server.baseUrl);
  provider.port = String(Number(provider.port) + 1);
  const confirmed = await fetch(`${provider.origin}/v1/payment_intents/${data.id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_secret: data.client_secret,
      card: { number: TEST_PAYMENT_CARDS.authorises.number, expiry: '12/30', cvc: '123', holderName: 'Bench Mark' },
    }),
  });
  if (confirmed.status !== 200) throw new Error(`confirming a payment answered ${confirmed.status}`);
  return data.id;
}

/** Orders per second with 16 shoppers checking out at once, each with a cart of its own. */
async function checkoutThroughput(server: RunningServer, variants: Variant[]): Promise<LoadResult> {
  const carts = await Promise.all(
    Array.from({ length: CHECKOUTS }, (_, index) => createCart(server, variants[index % variants.length]!)),
  );
  const quote = await fetch(`${server.baseUrl}/api/cart/${carts[0]!.id}/checkout/quote`, {
    method: 'POST',
    headers: { ...mutating, cookie: carts[0]!.cookie },
    body: JSON.stringify({ country_iso2: 'US', state: 'UT' }),
  });
  const methodId = ((await quote.json()) as { data: { shipping: { id: number } } }).data.shipping.id;
  // Paid before the clock starts, as shoppers pay in the provider's element before placing the order.
  const paid = new Map<string, { key: string; intentId: string }>();
  for (const cart of carts) {
    const key = randomUUID();
    paid.set(cart.id, { key, intentId: await payFor(server, cart, key, methodId) });
  }
  const latencies: number[] = [];
  let failures = 0;
  const queue = [...carts];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let cart = queue.shift(); cart; cart = queue.shift()) {
        const begin = performance.now();
        const response = await fetch(`${server.baseUrl}/api/cart/${cart.id}/checkout`, {
          method: 'POST',
          headers: { ...mutating, cookie: cart.cookie, 'idempotency-key': paid.get(cart.id)!.key },
          body: JSON.stringify({
            email: 'bench@example.com',
            shipping_address: {
              first_name: 'Bench',
              last_name: 'Mark',
              street_1: '1 Main St',
              city: 'Salt Lake City',
              state: 'UT',
              zip: '84101',
              country_iso2: 'US',
            },
            shipping_method_id: methodId,
            payment: { intent_id: paid.get(cart.id)!.intentId },
          }),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - begin);
        if (response.status !== 201) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(fraction * latencies.length))]!);
  return {
    requestsPerSecond: Math.round(CHECKOUTS / seconds),
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    errors: failures,
    non2xx: 0,
  };
}

async function measure(database: Row['database'], env: Record<string, string>): Promise<Row[]> {
  console.log(`\n== ${database}`);
  const server = await startServer(env);
  try {
    const variants = await stockedVariants(server);
    const carts = await Promise.all(
      Array.from({ length: CARTS }, (_, index) => createCart(server, variants[index % variants.length]!)),
    );
    const add = await loadRequests(
      server,
      carts.map((cart, index) => {
        const variant = variants[(index + 1) % variants.length]!;
        return {
          method: 'POST',
          path: `/api/cart/${cart.id}/items`,
          headers: { ...mutating, cookie: cart.cookie },
          body: JSON.stringify({
            line_items: [{ product_id: variant.product_id, variant_id: variant.id, quantity: 1 }],
          }),
        };
      }),
    );
    console.log(`add to cart: p99 ${add.p99} ms`);
    const get = await loadRequests(
      server,
      carts.map((cart) => ({ method: 'GET', path: `/api/cart/${cart.id}`, headers: { cookie: cart.cookie } })),
    );
    console.log(`get cart: p99 ${get.p99} ms`);
    const checkout = await checkoutThroughput(server, variants);
    console.log(`checkout: ${checkout.requestsPerSecond} orders/s`);
    return [
      { database, call: 'POST cart/{id}/items', ...add },
      { database, call: 'GET cart/{id}', ...get },
      { database, call: 'POST cart/{id}/checkout (orders/s)', ...checkout },
    ];
  } finally {
    await server.stop();
  }
}

function markdown(rows: Row[], info: MachineInfo): string {
  return [
    '# Cart and checkout benchmark',
    '',
    `Machine: ${info.cpus} cores (${info.cpuModel}), ${info.memoryGiB} GiB, Node ${info.node}. ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up over ${CARTS} carts; checkout: ${CHECKOUTS} orders by ${CONNECTIONS} shoppers at once. Demo catalogue; server and load generator in separate processes.`,
    '',
    '| database | call | req/s | p50 ms | p90 ms | p99 ms | errors |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.database} | ${row.call} | ${row.requestsPerSecond} | ${row.p50} | ${row.p90} | ${row.p99} | ${row.errors + row.non2xx} |`,
    ),
    '',
  ].join('\n');
}

async function main() {
  const rows: Row[] = [];
  const pgliteDir = mkdtempSync(join(tmpdir(), 'piste-bench-'));
  try {
    rows.push(...(await measure('pglite', { DATA_DIR: pgliteDir })));
    if (await postgresReachable()) {
      rows.push(...(await measure('postgres', { DATABASE_URL: await recreatePostgresDatabase('piste_bench_cart') })));
    } else {
      console.log(`\nPostgres at ${POSTGRES_URL} is not reachable: measured PGlite only.`);
    }
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  writeResults('cart', rows, (info) => markdown(rows, info));
}

await main();
