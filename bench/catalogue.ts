/**
 * `npm run bench:catalogue`: throughput and latency of the two hottest catalogue reads at
 * 1k, 10k and 100k products, on PGlite and on Postgres, with the in-process cache off (the
 * database path) and on. Writes bench/results/catalogue.json and .md.
 *
 * Budget: p99 under 20 ms at concurrency 16 on PGlite with 10k products, and latency
 * within 25 % from 1k to 100k products. Sizes: BENCH_SIZES=1000,10000 to run fewer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SYNTHETIC_ID_BASE } from '@piste/commerce/server';
import {
  load,
  writeResults,
  type MachineInfo,
  runScript,
  startServer,
  type LoadResult,
  POSTGRES_URL,
  postgresReachable,
  recreatePostgresDatabase,
} from './lib';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
/** The demo seed's first category is Bindings (id 20): a quarter of every synthetic catalogue. */
const BINDINGS_CATEGORY = 20;

interface Row extends LoadResult {
  database: 'pglite' | 'postgres';
  products: number;
  cache: 'off' | 'on';
  call: string;
  serverRssMiB: number;
}

/** Product detail requests spread over many products, so the database (not one row) is measured. */
function productPaths(size: number): string[] {
  return Array.from({ length: 200 }, (_, index) => {
    const id = SYNTHETIC_ID_BASE + Math.floor(((index + 0.5) * size) / 200);
    return `/api/products/${id}?include=variants,options`;
  });
}

function listPaths(size: number): string[] {
  const pages = Math.max(1, Math.min(20, Math.floor(size / 4 / 50)));
  return Array.from(
    { length: pages },
    (_, index) => `/api/products?categories:in=${BINDINGS_CATEGORY}&page=${index + 1}`,
  );
}

async function measure(database: Row['database'], size: number, env: Record<string, string>): Promise<Row[]> {
  console.log(`\n== ${database}, ${size.toLocaleString('en')} products: seeding`);
  runScript(['packages/server/src/cli/seed-scale.ts', '--products', String(size)], env);
  const rows: Row[] = [];
  for (const cache of ['off', 'on'] as const) {
    const server = await startServer({
      ...env,
      SEED_ON_START: 'false',
      CATALOGUE_CACHE_TTL_SECONDS: cache === 'on' ? '60' : '0',
    });
    try {
      for (const [call, paths] of [
        ['GET products?categories:in&page', listPaths(size)],
        ['GET products/{id}?include=variants,options', productPaths(size)],
      ] as const) {
        const result = await load(server.baseUrl, [...paths], {
          connections: CONNECTIONS,
          seconds: SECONDS,
          warmupSeconds: WARMUP_SECONDS,
        });
        const row = { database, products: size, cache, call, ...result, serverRssMiB: server.rssMiB() };
        console.log(
          `   cache ${cache}  ${call}: ${row.requestsPerSecond} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors + row.non2xx}`,
        );
        rows.push(row);
      }
    } finally {
      await server.stop();
    }
  }
  return rows;
}

function markdown(rows: Row[], info: MachineInfo): string {
  const lines = [
    '# Catalogue benchmark',
    '',
    `Machine: ${info.cpus} cores (${info.cpuModel}), ${info.memoryGiB} GiB, Node ${info.node}. ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up; server and load generator in separate processes.`,
    '',
    '| database | products | cache | call | req/s | p50 ms | p90 ms | p99 ms | errors | server RSS MiB |',
    '|---|---:|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.database} | ${row.products.toLocaleString('en')} | ${row.cache} | ${row.call} | ${row.requestsPerSecond} | ${row.p50} | ${row.p90} | ${row.p99} | ${row.errors + row.non2xx} | ${row.serverRssMiB} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

async function main() {
  const rows: Row[] = [];
  const pgliteDir = mkdtempSync(join(tmpdir(), 'piste-bench-'));
  try {
    for (const size of SIZES) rows.push(...(await measure('pglite', size, { DATA_DIR: pgliteDir })));
    if (await postgresReachable()) {
      const url = await recreatePostgresDatabase('piste_bench');
      for (const size of SIZES) rows.push(...(await measure('postgres', size, { DATABASE_URL: url })));
    } else {
      console.log(`\nPostgres at ${POSTGRES_URL} is not reachable: measured PGlite only.`);
    }
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  writeResults('catalogue', rows, (info) => markdown(rows, info));
}

await main();
