/**
 * Server rendering of the home, a category and a product page at concurrency 1, 16 and 64,
 * each beside its upper bound measured in the same run: the same server sending the same
 * page's bytes from memory, gzip compressed once (bench/upper-bound-server.ts). Pages are asked for as a browser
 * asks (compressed), anonymously, so the page cache serves them as it serves visitors. Then the
 * memory of the server over a steady two-minute run of the three pages, and 10 s after it; then
 * the render alone (page cache off) at 16, the product page right after its upper bound. Last,
 * the category and product page at 16 connections over a catalogue of 10k products, as visitors
 * get them and rendered every time.
 *
 * Budgets (docs/performance.md; bench/budgets.ts checks issue 29's): product page rendered on
 * every request ≥ 3× today's share of its upper bound at 16; RSS 10 s after the load ≤ 450 MiB;
 * no errors; product and category page p99 under 60 ms at 16 with 10k products.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BROWSER_HEADERS,
  load,
  runScript,
  SECONDS,
  startServer,
  table,
  temporaryDataDir,
  WARMUP_SECONDS,
  type LoadResult,
  type RunningServer,
} from './lib';

export const SSR_PAGES = [
  ['home', '/'],
  ['category page', '/en-us/c/helmets'],
  ['product page', '/en-us/p/summit-pro-binding'],
] as const;

const CONCURRENCIES = [1, 16, 64];
/** The budget: product and category page p99 under 60 ms at 16 connections with 10k products. */
const SCALE_PRODUCTS = Number(process.env.BENCH_SSR_SCALE_PRODUCTS ?? 10_000);
const SCALE_PAGES = [
  ['category page', '/en-us/c/bindings'],
  ['product page', '/en-us/p/summit-pro-binding'],
] as const;
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 120);
const REST_SECONDS = 10;
/** The page whose uncached render is held to issue 29's budget against its upper bound. */
const RENDER_BUDGET_PAGE = 'product page';

interface SsrRow {
  page: string;
  path: string;
  connections: number;
  ssr: LoadResult;
  upperBound: LoadResult;
  /** SSR req/s as a share of the upper bound's. */
  ratio: number;
}

interface RenderOnlyRow extends LoadResult {
  page: string;
  connections: number;
  /** The product page's upper bound measured just before it, and the render's share of it. */
  upperBound?: LoadResult;
  ratio?: number;
}

interface MemoryRow {
  seconds: number;
  requests: number;
  errors: number;
  p99: number;
  /** Samples every 10 s, MiB. */
  rssMiB: number[];
  /** Median of the last third minus median of the middle third, MiB. */
  growthMiB: number;
  /** RSS once the load has stopped for REST_SECONDS: what the shop keeps after the bench's load. */
  afterLoadMiB: number;
}

interface ScaleRow extends LoadResult {
  page: string;
  /** As visitors get it (the page cache on), or rendered on every request. */
  served: 'as visitors get it' | 'rendered every time';
}

export interface SsrResults {
  rows: SsrRow[];
  renderOnly: RenderOnlyRow[];
  memory: MemoryRow;
  /** The category and product page with a catalogue of SCALE_PRODUCTS products. */
  scale?: { products: number; rows: ScaleRow[] };
}

const run = (server: RunningServer, path: string, connections: number) =>
  load(server.baseUrl, [path], {
    connections,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    headers: BROWSER_HEADERS,
  });

async function capturePages(server: RunningServer): Promise<Record<string, string>> {
  const pages: Record<string, string> = {};
  for (const [, path] of SSR_PAGES) {
    const response = await fetch(server.baseUrl + path);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    pages[path] = await response.text();
  }
  return pages;
}

/** The upper-bound server (bench/upper-bound-server.ts) sending the shop's SSR_PAGES as captured now. */
export async function startUpperBound(shop: RunningServer, dataDir: string): Promise<RunningServer> {
  const pagesFile = join(dataDir, 'pages.json');
  writeFileSync(pagesFile, JSON.stringify(await capturePages(shop)));
  return startServer({ DATA_DIR: dataDir, SEED_ON_START: 'false', UPPER_BOUND_PAGES: pagesFile }, [
    '--import',
    'tsx',
    'bench/upper-bound-server.ts',
  ]);
}

/** RSS every 10 s while the three pages are asked for at a steady 16 connections. */
async function memoryOverTime(server: RunningServer): Promise<MemoryRow> {
  const rssMiB: number[] = [server.rssMiB()];
  const sampler = setInterval(() => rssMiB.push(server.rssMiB()), 10_000);
  const result = await load(
    server.baseUrl,
    SSR_PAGES.map(([, path]) => path),
    { connections: 16, seconds: SOAK_SECONDS, warmupSeconds: 0, headers: BROWSER_HEADERS },
  );
  clearInterval(sampler);
  rssMiB.push(server.rssMiB());
  await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
  const afterLoadMiB = server.rssMiB();
  const third = Math.floor(rssMiB.length / 3);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return {
    seconds: SOAK_SECONDS,
    requests: Math.round(result.requestsPerSecond * SOAK_SECONDS),
    errors: result.errors + result.non2xx,
    p99: result.p99,
    rssMiB,
    growthMiB: median(rssMiB.slice(2 * third)) - median(rssMiB.slice(third, 2 * third)),
    afterLoadMiB,
  };
}

export async function benchSsr(): Promise<SsrResults> {
  const shop = temporaryDataDir('ssr');
  const bound = temporaryDataDir('upper-bound');
  const server = await startServer({ DATA_DIR: shop.dir });
  try {
    const upper = await startUpperBound(server, bound.dir);
    const rows: SsrRow[] = [];
    const renderOnly: RenderOnlyRow[] = [];
    let memory: MemoryRow;
    try {
      for (const [page, path] of SSR_PAGES) {
        for (const connections of CONCURRENCIES) {
          const upperBound = await run(upper, path, connections);
          const ssr = await run(server, path, connections);
          const ratio = Math.round((ssr.requestsPerSecond / upperBound.requestsPerSecond) * 100) / 100;
          rows.push({ page, path, connections, ssr, upperBound, ratio });
          console.log(
            `${page} c${connections}: ${ssr.requestsPerSecond} req/s p99 ${ssr.p99} ms; upper bound ${upperBound.requestsPerSecond} req/s (${Math.round(ratio * 100)} %)`,
          );
        }
      }
      memory = await memoryOverTime(server);
      console.log(
        `memory over ${memory.seconds} s: ${memory.rssMiB.join(', ')} MiB; ${memory.afterLoadMiB} MiB ${REST_SECONDS} s after`,
      );
      await server.stop();
      renderOnly.push(...(await renderedEveryTime(shop.dir, upper)));
    } finally {
      await upper.stop();
    }
    return { rows, renderOnly, memory, scale: { products: SCALE_PRODUCTS, rows: await atScale() } };
  } finally {
    if (server.process.exitCode === null) await server.stop();
    shop.remove();
    bound.remove();
  }
}

/**
 * The three pages rendered on every request (page cache off) at 16 connections. The product
 * page's upper bound is measured again just before its render, so that the ratio compares two
 * figures of the same minute on this machine whose speed drifts.
 */
async function renderedEveryTime(dataDir: string, upper: RunningServer): Promise<RenderOnlyRow[]> {
  const renderServer = await startServer({ DATA_DIR: dataDir, SEED_ON_START: 'false', PAGE_CACHE_TTL_SECONDS: '0' });
  const renderOnly: RenderOnlyRow[] = [];
  try {
    for (const [page, path] of SSR_PAGES) {
      const upperBound = page === RENDER_BUDGET_PAGE ? await run(upper, path, 16) : undefined;
      const rendered = await run(renderServer, path, 16);
      const ratio = upperBound && Math.round((rendered.requestsPerSecond / upperBound.requestsPerSecond) * 1000) / 1000;
      renderOnly.push({ page, connections: 16, ...rendered, upperBound, ratio });
      console.log(
        `${page} rendered every time, c16: ${rendered.requestsPerSecond} req/s, p99 ${rendered.p99} ms${upperBound ? `; upper bound ${upperBound.requestsPerSecond} req/s` : ''}`,
      );
    }
  } finally {
    await renderServer.stop();
  }
  return renderOnly;
}

/** The category and product page at 16 connections over a synthetic catalogue of SCALE_PRODUCTS products. */
async function atScale(): Promise<ScaleRow[]> {
  const data = temporaryDataDir('ssr-scale');
  try {
    runScript(['packages/server/src/cli/seed-scale.ts', '--products', String(SCALE_PRODUCTS)], { DATA_DIR: data.dir });
    const rows: ScaleRow[] = [];
    for (const served of ['as visitors get it', 'rendered every time'] as const) {
      const cache: Record<string, string> = served === 'as visitors get it' ? {} : { PAGE_CACHE_TTL_SECONDS: '0' };
      const server = await startServer({ DATA_DIR: data.dir, SEED_ON_START: 'false', ...cache });
      try {
        for (const [page, path] of SCALE_PAGES) {
          rows.push({ page, served, ...(await run(server, path, 16)) });
          console.log(`${page} at ${SCALE_PRODUCTS} products, ${served}, c16: p99 ${rows.at(-1)!.p99} ms`);
        }
      } finally {
        await server.stop();
      }
    }
    return rows;
  } finally {
    data.remove();
  }
}

export function ssrMarkdown({ rows, renderOnly, memory, scale }: SsrResults): string {
  return [
    '## Server rendering against its upper bound',
    '',
    `Anonymous page views as a browser asks for them (compressed), ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up per cell. The upper bound is the same server sending the page's bytes from memory, gzip compressed once.`,
    '',
    table(
      [
        'page',
        'connections',
        'SSR req/s',
        'p50 ms',
        'p90 ms',
        'p99 ms',
        'errors',
        'upper bound req/s',
        'upper bound p99 ms',
        'SSR / upper bound',
      ],
      rows.map((row) => [
        row.page,
        row.connections,
        row.ssr.requestsPerSecond,
        row.ssr.p50,
        row.ssr.p90,
        row.ssr.p99,
        row.ssr.errors + row.ssr.non2xx,
        row.upperBound.requestsPerSecond,
        row.upperBound.p99,
        `${Math.round(row.ratio * 100)} %`,
      ]),
    ),
    '',
    `Rendered on every request (\`PAGE_CACHE_TTL_SECONDS=0\`), 16 connections; the ${RENDER_BUDGET_PAGE}'s upper bound measured again just before it:`,
    '',
    table(
      ['page', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'errors', 'upper bound req/s', 'render / upper bound'],
      renderOnly.map((row) => [
        row.page,
        row.requestsPerSecond,
        row.p50,
        row.p90,
        row.p99,
        row.errors + row.non2xx,
        row.upperBound?.requestsPerSecond ?? '',
        row.ratio === undefined ? '' : `${Math.round(row.ratio * 1000) / 10} %`,
      ]),
    ),
    '',
    ...(scale
      ? [
          `With ${scale.products.toLocaleString('en')} products (the demo catalogue and a synthetic one, \`npm run seed:scale\`), 16 connections:`,
          '',
          table(
            ['page', 'served', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'errors'],
            scale.rows.map((row) => [
              row.page,
              row.served,
              row.requestsPerSecond,
              row.p50,
              row.p90,
              row.p99,
              row.errors + row.non2xx,
            ]),
          ),
          '',
        ]
      : []),
    `Server memory over ${memory.seconds} s of the three pages at 16 connections (${memory.requests.toLocaleString('en')} requests, ${memory.errors} errors, p99 ${memory.p99} ms): RSS ${memory.rssMiB.join(' → ')} MiB; last third against middle third: ${memory.growthMiB >= 0 ? '+' : ''}${memory.growthMiB} MiB; ${memory.afterLoadMiB ?? '–'} MiB ${REST_SECONDS} s after the load.`,
    '',
  ].join('\n');
}
