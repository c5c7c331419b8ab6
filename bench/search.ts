/**
 * `npm run bench:search`: the embedded site-search engine (docs/search.md) at 10k and 100k products:
 * index build time and memory, then query and suggestion latency (p50, p95, p99) through the
 * engine's HTTP handler in-process (request parsing, search, facets, JSON), so the numbers are
 * the engine's own and not the network's. Writes bench/results/search.json and .md.
 *
 * Budget: p95 under 10 ms for a query with 4 facets at 10k products, under 40 ms at
 * 100k; index build for 10k products under 5 s. Sizes: BENCH_SIZES=10000 to run fewer.
 *
 * The documents are synthetic but shaped like the demo catalogue's (the generator's products
 * have no content entries, so the database-fed indexer would skip them): one content locale,
 * since a search filtered by locale only ever touches that locale's index.
 */
import { performance } from 'node:perf_hooks';
import type { SearchDocument } from '@piste/search';
import { createSearchApi, createSearchEngine } from '@piste/search/server';
import { writeResults } from './lib';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const SEARCH_KEY = 'bench-search-key';
const ENGINE = 'piste';

const FAMILIES = [
  { category: 'Goggles', path: 'goggles/spherical', nouns: ['Goggles', 'Goggle', 'Spherical Goggles'] },
  { category: 'Helmets', path: 'helmets/mips', nouns: ['MIPS Helmet', 'Helmet', 'Kids Helmet'] },
  { category: 'Bindings', path: 'bindings/all-mountain', nouns: ['Bindings', 'Binding', 'Freestyle Bindings'] },
  { category: 'Accessories', path: 'accessories/gloves', nouns: ['Gloves', 'Mittens', 'Neck Warmer', 'Beanie'] },
];
const NAMES = ['Vanta', 'Apex', 'Drift', 'Summit', 'Nordic', 'Glacier', 'Couloir', 'Alpine', 'Ridge', 'Powder'];
const WORDS = ['low-profile', 'hybrid', 'shell', 'rotational', 'impact', 'vents', 'lens', 'anti-fog', 'contrast'];
const COLOURS = ['Black', 'White', 'Red', 'Blue', 'Green', 'Orange', 'Grey', 'Yellow'];
const SIZE_LABELS = ['XS', 'S', 'M', 'L', 'XL'];
const REGIONS = ['us', 'ca', 'eu', 'uk', 'jp'];

/** A deterministic catalogue: the same size gives the same documents on every run. */
function syntheticDocuments(count: number): SearchDocument[] {
  return Array.from({ length: count }, (_, index) => {
    const family = FAMILIES[index % FAMILIES.length]!;
    const title = `${NAMES[(index >> 2) % NAMES.length]} ${family.nouns[(index >> 4) % family.nouns.length]} ${index}`;
    const price = 2_000 + ((index * 7_919) % 40_000);
    return {
      id: `product-bench-${index}-en-us`,
      type: 'product',
      uid: `bench-${index}`,
      stack: 'piste_demo_stack',
      environment: 'production',
      locale: 'en-us',
      // Every family in every region, each region missing a fifth of the catalogue.
      regions: REGIONS.filter((_, regionIndex) => (Math.floor(index / 4) + regionIndex) % 5 !== 4),
      title,
      display_title: title,
      tagline: `A ${WORDS[index % WORDS.length]} ${family.category.toLowerCase()} for long days.`,
      description: Array.from({ length: 24 }, (_, word) => WORDS[(index + word * 3) % WORDS.length]).join(' '),
      category: family.category,
      category_path: family.path,
      colours: COLOURS.filter((_, colour) => (index + colour) % 3 === 0),
      sizes: family.category === 'Goggles' ? [] : SIZE_LABELS.slice(index % 2, 4 + (index % 2)),
      price_us: price,
      price_ca: Math.round(price * 1.35),
      price_eu_region_1: Math.round(price * 0.92),
      in_stock: index % 7 === 0 ? 'false' : 'true',
      tags: index % 11 === 0 ? ['sale'] : index % 13 === 0 ? ['new'] : [],
      url: `/p/bench-${index}`,
      image: `bench-${index % 50}`,
      updated_at: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
    };
  });
}

/** What the search page sends: locale and region filters, four facets, a page of 24. */
function pageQuery(query: string) {
  return {
    query,
    filters: { all: [{ type: 'product' }, { locale: 'en-us' }, { regions: 'us' }] },
    facets: {
      category: { type: 'value', size: 20 },
      colours: { type: 'value', size: 20 },
      sizes: { type: 'value', size: 20 },
      price_us: {
        type: 'range',
        ranges: [{ to: 5_000 }, { from: 5_000, to: 10_000 }, { from: 10_000, to: 20_000 }, { from: 20_000 }],
      },
    },
    result_fields: { uid: { raw: {} }, title: { raw: {}, snippet: { size: 100 } }, price_us: { raw: {} } },
    page: { size: 24, current: 1 },
  };
}

const QUERIES = ['goggles', 'gogles', 'helmet', 'mips helmet', 'vanta', 'spherical lens', 'gloves', 'bindings', ''];
const PARTIALS = ['go', 'gog', 'gogl', 'hel', 'helm', 'bin', 'van', 'glo'];

interface Timing {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

function percentiles(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    mean: round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length),
  };
}

async function timeCalls(api: ReturnType<typeof createSearchApi>, path: string, bodies: object[]): Promise<Timing> {
  const samples: number[] = [];
  // The first rounds warm the JIT and the engine's caches; they are not counted.
  for (let round = -50; round < ROUNDS; round += 1) {
    const body = JSON.stringify(bodies[(round + 50) % bodies.length]);
    const started = performance.now();
    const response = await api.handle(
      new Request(`http://search.bench/api/as/v1/engines/${ENGINE}/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SEARCH_KEY}`, 'content-type': 'application/json' },
        body,
      }),
    );
    await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    if (round >= 0) samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

function heapMiB(): number {
  globalThis.gc?.();
  return Math.round((process.memoryUsage().heapUsed / 1024 ** 2) * 10) / 10;
}

interface Row {
  products: number;
  buildMs: number;
  indexHeapMiB: number;
  query: Timing;
  suggestion: Timing;
  sampleTotals: Record<string, number>;
}

async function measure(size: number): Promise<Row> {
  const documents = syntheticDocuments(size);
  const heapBefore = heapMiB();
  const engine = createSearchEngine({ name: ENGINE });
  const started = performance.now();
  engine.replaceAll(documents);
  const buildMs = Math.round(performance.now() - started);
  const indexHeapMiB = Math.round((heapMiB() - heapBefore) * 10) / 10;
  const api = createSearchApi({ engine, searchKey: SEARCH_KEY, clicks: { record: async () => {} } });
  const sampleTotals = Object.fromEntries(
    QUERIES.map((query) => [query || '(empty)', engine.search(pageQuery(query)).meta.page.total_results]),
  );
  const query = await timeCalls(api, 'search.json', QUERIES.map(pageQuery));
  const suggestion = await timeCalls(
    api,
    'query_suggestion.json',
    PARTIALS.map((partial) => ({
      query: partial,
      size: 5,
      filters: { all: [{ locale: 'en-us' }, { regions: 'us' }] },
    })),
  );
  const row = { products: size, buildMs, indexHeapMiB, query, suggestion, sampleTotals };
  console.log(
    `${size.toLocaleString('en')} products: build ${buildMs} ms, heap +${indexHeapMiB} MiB; ` +
      `query p50 ${query.p50} / p95 ${query.p95} ms; suggestion p50 ${suggestion.p50} / p95 ${suggestion.p95} ms`,
  );
  return row;
}

const rows: Row[] = [];
for (const size of SIZES) rows.push(await measure(size));

const budgetOf = (size: number) => (size <= 10_000 ? 10 : 40);
writeResults('search', rows, (info) =>
  [
    '# Site search benchmark',
    '',
    `Run ${new Date().toISOString()} on ${info.cpus} × ${info.cpuModel}, ${info.memoryGiB} GiB, Node ${info.node}.`,
    '`npm run bench:search`: the embedded engine through its HTTP handler in-process, one content locale,',
    `${ROUNDS} timed calls each (after 50 warm-up calls), called one at a time. A query is the search page's:`,
    'locale, region and type filters, facets on category, colours, sizes and a price range, 24 results.',
    '',
    '| Products | Index build | Index heap | Query p50 | Query p95 | Query p99 | Budget p95 | Suggest p50 | Suggest p95 |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.products.toLocaleString('en')} | ${row.buildMs.toLocaleString('en')} ms | ${row.indexHeapMiB} MiB | ` +
        `${row.query.p50} ms | ${row.query.p95} ms | ${row.query.p99} ms | ${budgetOf(row.products)} ms | ` +
        `${row.suggestion.p50} ms | ${row.suggestion.p95} ms |`,
    ),
    '',
    'Index build budget: under 5 s for 10k products.',
    '',
    'Results found per query (a check that the queries search something):',
    '',
    '| Products | ' + QUERIES.map((query) => `"${query}"`).join(' | ') + ' |',
    '|---:|' + QUERIES.map(() => '---:').join('|') + '|',
    ...rows.map(
      (row) =>
        `| ${row.products.toLocaleString('en')} | ` +
        Object.values(row.sampleTotals)
          .map((total) => total.toLocaleString('en'))
          .join(' | ') +
        ' |',
    ),
    '',
  ].join('\n'),
);
