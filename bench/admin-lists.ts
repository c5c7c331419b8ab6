/**
 * `npm run bench:admin`: the back office's list calls at 100k products and 100k orders on
 * Postgres (issue 27 'Performance'): product search, filters, sorts and a deep page, and order
 * filters by status, region and date with a sort by total. Each call runs through the whole
 * admin API (`app.inject` as a signed-in owner: session, permission, zod, the query, JSON), 5
 * times to warm up, then 50 times measured. Writes bench/results/admin-lists.json and .md.
 *
 * Budget: p95 under 100 ms per call; reported, not asserted (a benchmark, not a timed test).
 *
 * Postgres: the server of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
 * in a database of its own, `piste_bench_admin`, created afresh and dropped at the end; the
 * `test` database itself is never written. `--keep` leaves the loaded database for another run,
 * `--reuse` measures one kept earlier without loading it again. `--products N` / `--orders N`
 * change the sizes (default 100000 each).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { commandActor, createStaff } from '@piste/admin/server';
import { SYNTHETIC_ID_BASE } from '@piste/commerce/server';
import { openDatabase, queryRows, type Database } from '@piste/db';
import { buildApp, loadConfig } from '@piste/server';
import { runScript, writeResults, type MachineInfo } from './lib';

const DATABASE_NAME = 'piste_bench_admin';
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WARMUP_RUNS = 5;
const MEASURED_RUNS = Number(process.env.BENCH_RUNS ?? 50);
const BUDGET_P95_MS = 100;
const ORDERS_PER_STATEMENT = 10_000;
/** The demo catalogue's first top category, Bindings: a quarter of the synthetic products. */
const BINDINGS_CATEGORY = 20;
const OWNER = { email: 'bench-owner@staff.piste.test', password: 'Piste admin benchmark 2026!' };

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    orders: { type: 'string', default: '100000' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
  },
});
const PRODUCTS = Number(args.products);
const ORDERS = Number(args.orders);

interface Row {
  list: 'products' | 'orders';
  call: string;
  url: string;
  status: number;
  /** The total the answer reports (or the rows it holds), to show the filter matched something. */
  matched: number | null;
  p50: number;
  p95: number;
  max: number;
  withinBudget: boolean;
}

/** The URL of `name` on the benchmark's Postgres server. */
function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance connection (the `test` database, unread and unwritten). */
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const dayOffset = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * `ORDERS` orders spread evenly over the last year, with one to three lines each, written by
 * the database from `generate_series` in statements of ten thousand. Regions, statuses,
 * totals and emails vary with the order's index, so every filter matches a share of them.
 */
async function loadOrders(database: Database): Promise<void> {
  const { db } = database;
  const secondsApart = (365 * 86_400) / ORDERS;
  for (let start = 0; start < ORDERS; start += ORDERS_PER_STATEMENT) {
    const end = Math.min(ORDERS, start + ORDERS_PER_STATEMENT) - 1;
    // The orders and their lines in one statement: the lines read the ids the orders were given.
    await db.execute(sql`
      WITH placed AS (
        INSERT INTO orders (id, region, currency_code, customer_id, email, status, billing_address, shipping_address,
                            shipping_method, subtotal_minor, discount_minor, shipping_minor, tax_minor, tax_included,
                            tax_rate, total_minor, payment, cart_id, idempotency_key, locale, created_at, updated_at)
        SELECT nextval('order_numbers'), r.region, r.currency, NULL, 'buyer' || (i % 5000) || '@bench.example',
               (ARRAY['pending', 'awaiting_fulfillment', 'awaiting_fulfillment', 'awaiting_fulfillment', 'shipped',
                      'shipped', 'shipped', 'completed', 'completed', 'cancelled', 'refunded'])[i % 11 + 1],
               a.address, a.address, '{"id": 102, "name": "Standard", "type": "flatrate"}'::jsonb,
               m.subtotal, 0, 895, m.tax, r.included, r.rate,
               m.subtotal + 895 + CASE WHEN r.included THEN 0 ELSE m.tax END,
               jsonb_build_object('provider', 'test', 'transactionId', 'bench-' || i, 'brand', 'visa', 'last4', '4242'),
               'bench-cart-' || i, 'bench-order-' || i, r.locale, c.at, c.at
          FROM generate_series(${start}::integer, ${end}::integer) AS i
         CROSS JOIN LATERAL (
           SELECT (ARRAY['us', 'ca', 'eu_region_1', 'pro', 'pro_eu_region_1'])[i % 5 + 1] AS region,
                  (ARRAY['USD', 'CAD', 'EUR', 'USD', 'EUR'])[i % 5 + 1] AS currency,
                  (ARRAY[false, false, true, false, true])[i % 5 + 1] AS included,
                  (ARRAY['0.0725', '0.05', '0.19', '0.0725', '0.19'])[i % 5 + 1] AS rate,
                  (ARRAY['en-us', 'en-ca', 'de-de', 'en-us', 'de-de'])[i % 5 + 1] AS locale
         ) r
         CROSS JOIN LATERAL (SELECT 4995 + (i * 7919) % 60000 AS subtotal) s
         CROSS JOIN LATERAL (SELECT s.subtotal AS subtotal, round(s.subtotal * 0.07)::integer AS tax) m
         CROSS JOIN LATERAL (
           SELECT now() - make_interval(secs => (${ORDERS}::integer - i) * ${secondsApart}::double precision) AS at
         ) c
         CROSS JOIN LATERAL (
           SELECT jsonb_build_object('first_name', 'Buyer', 'last_name', 'No. ' || i, 'company', '',
                                     'street_1', '1 Bench Road', 'street_2', '', 'city', 'Testville', 'state', '',
                                     'zip', '00000', 'country_iso2', 'US', 'phone', '',
                                     'email', 'buyer' || (i % 5000) || '@bench.example') AS address
         ) a
        RETURNING id, subtotal_minor
      )
      INSERT INTO order_lines (order_id, product_id, variant_id, sku, name, options, quantity, list_price_minor,
                               sale_price_minor, total_minor)
      SELECT o.id, p.product, ${SYNTHETIC_ID_BASE * 10}::integer + (p.product - ${SYNTHETIC_ID_BASE}::integer) * 6 + k,
             'SYN-' || (p.product - ${SYNTHETIC_ID_BASE}::integer + 1) || '-' || k, 'Synthetic product', '[]'::jsonb, 1,
             o.subtotal_minor / (1 + o.id % 3), o.subtotal_minor / (1 + o.id % 3), o.subtotal_minor / (1 + o.id % 3)
        FROM placed o
       CROSS JOIN LATERAL generate_series(0, o.id % 3) AS k
       CROSS JOIN LATERAL (
         SELECT ${SYNTHETIC_ID_BASE}::integer + (o.id * 7 + k * 13) % ${Math.max(PRODUCTS, 1)}::integer AS product
       ) p`);
    console.log(`  ${(end + 1).toLocaleString('en')} / ${ORDERS.toLocaleString('en')} orders`);
  }
  await database.db.execute(sql`vacuum analyze orders`);
  await database.db.execute(sql`vacuum analyze order_lines`);
}

async function counts(database: Database): Promise<{ products: number; orders: number }> {
  const [row] = await queryRows<{ products: number; orders: number }>(
    database.db,
    sql`SELECT (SELECT count(*)::integer FROM products WHERE id >= ${SYNTHETIC_ID_BASE}) AS products,
               (SELECT count(*)::integer FROM orders) AS orders`,
  );
  return row ?? { products: 0, orders: 0 };
}

/** Migrates, loads the demo data and the synthetic catalogue (seed:scale), then the orders. */
async function loadDatabase(url: string): Promise<void> {
  await onServer(`drop database if exists ${DATABASE_NAME} with (force)`);
  await onServer(`create database ${DATABASE_NAME}`);
  console.log(`\n== ${PRODUCTS.toLocaleString('en')} products (npm run seed:scale)`);
  runScript(['packages/server/src/cli/seed-scale.ts', '--products', String(PRODUCTS)], {
    DATABASE_URL: url,
    COMMERCE_PROVIDER: 'embedded',
  });
  console.log(`\n== ${ORDERS.toLocaleString('en')} orders`);
  const database = openDatabase({ kind: 'postgres', url });
  try {
    await loadOrders(database);
  } finally {
    await database.close();
  }
}

/** The percentiles of the sorted times, in milliseconds with one decimal. */
function percentile(sorted: number[], share: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 10) / 10;
}

/** The total an admin list reports, whatever its helper named it, or else how many rows it holds. */
function matchedOf(body: unknown): number | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  for (const key of ['total', 'totalCount', 'count']) {
    if (typeof record[key] === 'number') return record[key];
  }
  for (const nested of ['meta', 'pagination', 'page']) {
    const inner = record[nested];
    if (typeof inner === 'object' && inner !== null) {
      const found = matchedOf(inner);
      if (found !== null) return found;
    }
  }
  const rows = Object.values(record).find(Array.isArray);
  return rows ? rows.length : null;
}

/** The calls measured: the query strings of the product list (helper B) and the order list (helper C). */
function calls(): { list: Row['list']; call: string; url: string }[] {
  const deepProductPage = Math.max(1, Math.floor(PRODUCTS / 50 / 2));
  const deepOrderPage = Math.max(1, Math.floor(ORDERS / 50 / 2));
  const products = (call: string, query: string) => ({
    list: 'products' as const,
    call,
    url: `/admin/api/products?${query}`,
  });
  const orders = (call: string, query: string) => ({
    list: 'orders' as const,
    call,
    url: `/admin/api/orders?${query}`,
  });
  return [
    products('first page', 'page=1&pageSize=50'),
    products('search by name', 'q=ridge&pageSize=50'),
    products('search by SKU', `q=SYN-${Math.ceil(PRODUCTS * 0.77)}&pageSize=50`),
    products('filter category', `category=${BINDINGS_CATEGORY}&pageSize=50`),
    products('filter new + out of stock', 'flag=new&stock=out&pageSize=50'),
    products('filter category, sort by name', `category=${BINDINGS_CATEGORY}&sort=name&pageSize=50`),
    products('sort by name', 'sort=name&pageSize=50'),
    products('sort by name descending', 'sort=-name&pageSize=50'),
    products('sort by last updated', 'sort=-updated&pageSize=50'),
    products(`deep page (${deepProductPage}) by name`, `sort=name&page=${deepProductPage}&pageSize=50`),
    orders('first page (newest)', 'pageSize=50'),
    orders('filter status', 'status=awaiting_fulfillment&pageSize=50'),
    orders('filter region', 'region=eu_region_1&pageSize=50'),
    orders('filter date range (a month)', `from=${dayOffset(60)}&to=${dayOffset(30)}&pageSize=50`),
    orders('sort by total', 'sort=-total&pageSize=50'),
    orders(
      'status + region + dates, by total',
      `status=shipped&region=us&from=${dayOffset(180)}&to=${dayOffset(0)}&sort=-total&pageSize=50`,
    ),
    orders('filter total range', 'minTotal=50000&maxTotal=60000&pageSize=50'),
    orders('customer email', 'customer=buyer42@bench.example&pageSize=50'),
    orders('search part of an email', 'q=buyer4217&pageSize=50'),
    orders('search order number', `q=${100_001 + Math.floor(ORDERS / 2)}&pageSize=50`),
    orders(`deep page (${deepOrderPage})`, `page=${deepOrderPage}&pageSize=50`),
  ];
}

async function measure(url: string): Promise<Row[]> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    // A production build on this machine, on localhost: no real shop's settings (config.ts).
    PISTE_LOCAL_RUN: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url,
    COMMERCE_PROVIDER: 'embedded',
    BOT_PROTECTION: 'off',
    SEED_ON_START: 'false',
  });
  const database = openDatabase({
    kind: 'postgres',
    url,
    queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_SECONDS * 1000,
  });
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    // The search index builds in the background after start-up; measured alongside, it would
    // be its time that shows, not the lists'.
    const started = Date.now();
    while ((await app.inject('/readyz')).statusCode !== 200) {
      if (Date.now() - started > 15 * 60_000) throw new Error('The search index was not ready within 15 minutes.');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    await createStaff(database.db, commandActor('bench:admin'), {
      ...OWNER,
      name: 'Benchmark owner',
      role: 'owner',
    }).catch((error: unknown) => {
      if (!(error instanceof Error && 'fields' in error)) throw error;
    });
    const signIn = await app.inject({
      method: 'POST',
      url: '/admin/api/session',
      headers: { 'x-xsrf-token': 'x'.repeat(43) },
      cookies: { 'XSRF-TOKEN': 'x'.repeat(43) },
      payload: OWNER,
    });
    if (signIn.statusCode !== 200) throw new Error(`The benchmark's owner could not sign in: ${signIn.body}`);
    const cookies = Object.fromEntries(signIn.cookies.map((cookie) => [cookie.name, cookie.value]));

    const rows: Row[] = [];
    for (const { list, call, url: path } of calls()) {
      const times: number[] = [];
      let last = await app.inject({ url: path, cookies });
      for (let run = 0; run < WARMUP_RUNS + MEASURED_RUNS; run += 1) {
        const begun = performance.now();
        last = await app.inject({ url: path, cookies });
        if (run >= WARMUP_RUNS) times.push(performance.now() - begun);
      }
      times.sort((a, b) => a - b);
      const row: Row = {
        list,
        call,
        url: path,
        status: last.statusCode,
        matched: last.statusCode === 200 ? matchedOf(last.json()) : null,
        p50: percentile(times, 0.5),
        p95: percentile(times, 0.95),
        max: percentile(times, 1),
        withinBudget: last.statusCode === 200 && percentile(times, 0.95) < BUDGET_P95_MS,
      };
      console.log(
        `  ${list.padEnd(8)} ${call.padEnd(36)} ${row.status}  p50 ${row.p50} ms  p95 ${row.p95} ms  max ${row.max} ms  (${row.matched ?? '–'})`,
      );
      rows.push(row);
    }
    return rows;
  } finally {
    await app.close();
    await database.close();
  }
}

function markdown(rows: Row[], info: MachineInfo): string {
  const answered = rows.filter((row) => row.status === 200);
  const lines = [
    '# Admin list benchmark',
    '',
    `Machine: ${info.cpus} cores (${info.cpuModel}), ${info.memoryGiB} GiB, Node ${info.node}. Postgres, ` +
      `${PRODUCTS.toLocaleString('en')} synthetic products (6 variants each, priced in 3 regions) and ` +
      `${ORDERS.toLocaleString('en')} orders (1–3 lines each). Each call through \`app.inject\` as a signed-in owner, ` +
      `${WARMUP_RUNS} warm-up runs then ${MEASURED_RUNS} measured, one at a time. Load average at the end: ` +
      `${loadavg()[0]!.toFixed(1)} (above the core count, other work shared the machine and every figure is slower).`,
    '',
    `**Budget: p95 under ${BUDGET_P95_MS} ms** (issue 27). ${answered.filter((row) => row.withinBudget).length} of ` +
      `${answered.length} answered calls within it` +
      (answered.length < rows.length
        ? `; ${rows.length - answered.length} did not answer 200 (route missing or refused).`
        : '.'),
    '',
    '| list | call | query | status | matched | p50 ms | p95 ms | max ms | within budget |',
    '|---|---|---|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (row) =>
        `| ${row.list} | ${row.call} | \`${row.url.split('?')[1] ?? ''}\` | ${row.status} | ${row.matched ?? '–'} | ${row.p50} | ${row.p95} | ${row.max} | ${row.status !== 200 ? '–' : row.withinBudget ? 'yes' : '**no**'} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

async function main() {
  if (!Number.isInteger(PRODUCTS) || PRODUCTS < 1 || !Number.isInteger(ORDERS) || ORDERS < 1) {
    throw new Error('--products and --orders take whole numbers above 0.');
  }
  const url = databaseUrl(DATABASE_NAME);
  if (args.reuse) {
    const database = openDatabase({ kind: 'postgres', url });
    const found = await counts(database).finally(() => database.close());
    console.log(
      `Reusing ${DATABASE_NAME}: ${found.products.toLocaleString('en')} products, ${found.orders.toLocaleString('en')} orders.`,
    );
  } else {
    await loadDatabase(url);
  }
  try {
    console.log(`\n== measuring (${WARMUP_RUNS} warm-up + ${MEASURED_RUNS} runs per call)`);
    const rows = await measure(url);
    writeResults('admin-lists', rows, (info) => markdown(rows, info));
  } finally {
    if (!args.keep) await onServer(`drop database if exists ${DATABASE_NAME} with (force)`);
  }
}

await main();
