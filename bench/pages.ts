/**
 * `npm run bench:pages`: server rendering of the category and product pages at concurrency 16
 * with 10k products on PGlite, and the JavaScript each page loads first (gzip).
 * Budgets (issue 5): p99 under 60 ms; product page first-load JavaScript under 110 KB gzip.
 * Writes bench/results/pages.json and .md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { load, runScript, startServer, writeResults, type LoadResult } from './lib';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const PAGES = [
  ['category page', '/en-us/c/bindings'],
  ['product page', '/en-us/p/summit-pro-binding'],
] as const;

/** Sums the scripts a first visit loads: the module preloads React Router puts in the document. */
async function firstLoadJavaScript(baseUrl: string, path: string) {
  const html = await (await fetch(baseUrl + path)).text();
  const scripts = [
    ...new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!)),
  ];
  let raw = 0;
  let gzip = 0;
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(baseUrl + script)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { scripts: scripts.length, rawKB: Math.round(raw / 102.4) / 10, gzipKB: Math.round(gzip / 102.4) / 10 };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'piste-bench-pages-'));
  const rows: Array<
    LoadResult & {
      page: string;
      path: string;
      products: number;
      serverRssMiB: number;
      javascript: Awaited<ReturnType<typeof firstLoadJavaScript>>;
    }
  > = [];
  try {
    runScript(['packages/server/src/cli/seed-scale.ts', '--products', String(PRODUCTS)], { DATA_DIR: dataDir });
    const server = await startServer({ DATA_DIR: dataDir, SEED_ON_START: 'false' });
    try {
      for (const [name, path] of PAGES) {
        const result = await load(server.baseUrl, [path], { connections: 16, seconds: 10, warmupSeconds: 3 });
        const javascript = await firstLoadJavaScript(server.baseUrl, path);
        rows.push({ page: name, path, products: PRODUCTS, ...result, serverRssMiB: server.rssMiB(), javascript });
        console.log(
          `${name}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms; JS ${javascript.gzipKB} KB gzip`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  writeResults('pages', rows, (info) =>
    [
      '# Page rendering benchmark',
      '',
      `Machine: ${info.cpus} cores (${info.cpuModel}), ${info.memoryGiB} GiB, Node ${info.node}. PGlite with ${PRODUCTS.toLocaleString('en')} synthetic products plus the demo catalogue; 16 connections, 10 s after 3 s warm-up; server and load generator in separate processes.`,
      '',
      '| page | req/s | p50 ms | p90 ms | p99 ms | errors | first-load JS (gzip) | scripts |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (row) =>
          `| ${row.page} (${row.path}) | ${row.requestsPerSecond} | ${row.p50} | ${row.p90} | ${row.p99} | ${row.errors + row.non2xx} | ${row.javascript.gzipKB} KB | ${row.javascript.scripts} |`,
      ),
      '',
    ].join('\n'),
  );
}

await main();
