/**
 * How the category page and search grow with the catalogue: 1k, 10k and 100k synthetic
 * products (the catalogue's generator, a quarter of them bindings) on PGlite, 16 connections,
 * with the server's memory at each size. The category page is rendered on every request
 * (page cache off) across sorts and pages, so the database path is what grows.
 *
 * Budget (docs/performance.md): category page p99 at 100k products within 1.5× of its value at 1k.
 * Sizes: BENCH_GROWTH_SIZES=1000,10000 to run fewer.
 */
import type autocannon from 'autocannon';
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
} from './lib';

const SIZES = (process.env.BENCH_GROWTH_SIZES ?? '1000,10000,100000').split(',').map(Number);

export interface GrowthRow {
  products: number;
  seedSeconds: number;
  category: LoadResult;
  search: LoadResult;
  serverRssMiB: number;
}

const CATEGORY_PATHS = ['featured', 'newest', 'price-asc', 'price-desc', 'name'].flatMap((sort) =>
  [1, 2, 3].map((page) => `/en-us/c/bindings?sort=${sort}&page=${page}`),
);

const SEARCH_REQUESTS: autocannon.Request[] = ['binding', 'carbon', 'black', 'pro', 'split', 'strap'].map((query) => ({
  method: 'POST',
  path: '/api/search/api/as/v1/engines/piste/search.json',
  headers: { authorization: 'Bearer search-piste-demo', 'content-type': 'application/json' },
  body: JSON.stringify({
    query,
    filters: { all: [{ locale: 'en-us' }, { regions: 'us' }] },
    facets: { colours: { type: 'value' }, sizes: { type: 'value' } },
    page: { size: 24 },
  }),
}));

export async function benchGrowth(): Promise<GrowthRow[]> {
  const rows: GrowthRow[] = [];
  for (const products of SIZES) {
    const data = temporaryDataDir(`growth-${products}`);
    try {
      const started = performance.now();
      runScript(['packages/server/src/cli/seed-scale.ts', '--products', String(products)], { DATA_DIR: data.dir });
      const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
      const server = await startServer({ DATA_DIR: data.dir, SEED_ON_START: 'false', PAGE_CACHE_TTL_SECONDS: '0' });
      try {
        const options = { connections: 16, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, headers: BROWSER_HEADERS };
        const category = await load(server.baseUrl, CATEGORY_PATHS, options);
        const search = await load(server.baseUrl, SEARCH_REQUESTS, { ...options, headers: undefined });
        rows.push({ products, seedSeconds, category, search, serverRssMiB: server.rssMiB() });
        console.log(
          `${products.toLocaleString('en')} products: category p99 ${category.p99} ms, search p99 ${search.p99} ms, RSS ${server.rssMiB()} MiB`,
        );
      } finally {
        await server.stop();
      }
    } finally {
      data.remove();
    }
  }
  return rows;
}

export function growthMarkdown(rows: GrowthRow[]): string {
  const first = rows[0];
  return [
    '## Growth with the catalogue',
    '',
    `Synthetic catalogues on PGlite; the category page rendered on every request (page cache off) over 5 sorts × 3 pages, and a faceted search query; 16 connections, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up.`,
    '',
    table(
      [
        'products',
        'category req/s',
        'category p50 ms',
        'category p99 ms',
        'p99 vs smallest',
        'search req/s',
        'search p99 ms',
        'errors',
        'server RSS MiB',
      ],
      rows.map((row) => [
        row.products,
        row.category.requestsPerSecond,
        row.category.p50,
        row.category.p99,
        first ? `${(row.category.p99 / first.category.p99).toFixed(2)}×` : '',
        row.search.requestsPerSecond,
        row.search.p99,
        row.category.errors + row.category.non2xx + row.search.errors + row.search.non2xx,
        row.serverRssMiB,
      ]),
    ),
    '',
  ].join('\n');
}
