/**
 * Issue 29's budgets, each checked against the sections' results of `npm run bench`: one line per
 * budget saying what was measured and whether it is met. A budget whose section has not run (or
 * ran before it measured that figure) says so instead of passing.
 */
import type { ApiRow } from './api';
import { ADD_TO_CART } from './api';
import type { ClientWeightRow } from './client-weight';
import type { LighthouseRow } from './lighthouse';
import type { NginxResults, Shopper } from './nginx-cache';
import type { SsrResults } from './ssr';
import { table } from './lib';

export interface BenchResults {
  ssr?: SsrResults;
  client?: ClientWeightRow[];
  lighthouse?: LighthouseRow[];
  api?: ApiRow[];
  nginx?: NginxResults;
}

export interface BudgetLine {
  budget: string;
  measured: string;
  /** Null: not measured in the results at hand. */
  met: boolean | null;
}

/**
 * Today's uncached product page, from the whole run of 2026-11-27 00:24 UTC (docs/performance.md):
 * 72 renders a second at 16 connections against an upper bound of 3,045, about 2.4 % of it.
 */
export const BEFORE_ISSUE_29 = { renderedPerSecond: 72, upperBoundPerSecond: 3_045 };
const BEFORE_RATIO = BEFORE_ISSUE_29.renderedPerSecond / BEFORE_ISSUE_29.upperBoundPerSecond;

const notMeasured = (budget: string, section: string): BudgetLine => ({
  budget,
  measured: `not measured (run \`npm run bench -- ${section}\`)`,
  met: null,
});

const percent = (ratio: number, digits = 0) => `${(ratio * 100).toFixed(digits)} %`;

type LighthouseMetric = {
  name: string;
  value(row: LighthouseRow): number;
  met(value: number): boolean;
  unit?: string;
};

const LIGHTHOUSE_METRICS: LighthouseMetric[] = [
  { name: 'performance ≥ 99', value: (row) => row.performance, met: (value) => value >= 99 },
  { name: 'FCP ≤ 1.0 s', value: (row) => row.fcpMs, met: (value) => value <= 1_000, unit: ' ms' },
  { name: 'LCP ≤ 1.5 s', value: (row) => row.lcpMs, met: (value) => value <= 1_500, unit: ' ms' },
  { name: 'TBT ≤ 50 ms', value: (row) => row.tbtMs, met: (value) => value <= 50, unit: ' ms' },
  { name: 'CLS 0', value: (row) => row.cls, met: (value) => value === 0 },
  { name: 'accessibility 100', value: (row) => row.accessibility, met: (value) => value === 100 },
  { name: 'best practices 100', value: (row) => row.bestPractices, met: (value) => value === 100 },
  { name: 'SEO 100', value: (row) => row.seo, met: (value) => value === 100 },
];

const LIGHTHOUSE_PAGES = ['home', 'category page', 'product page', 'search page'];

function lighthouseLines(rows: LighthouseRow[] | undefined): BudgetLine[] {
  return LIGHTHOUSE_METRICS.map((metric) => {
    const budget = `Lighthouse mobile ${metric.name} on home, category, product and search`;
    const measured = LIGHTHOUSE_PAGES.map((page) => {
      const row = rows?.find((candidate) => candidate.page === page);
      return row ? { page, value: metric.value(row) } : { page, value: undefined };
    });
    if (measured.every(({ value }) => value === undefined)) return notMeasured(budget, 'lighthouse');
    const text = measured
      .map(({ page, value }) => `${page} ${value === undefined ? 'not measured' : `${value}${metric.unit ?? ''}`}`)
      .join(', ');
    const values = measured.map(({ value }) => value);
    // A page that was not measured leaves the budget open, unless another page already misses it.
    const met = values.some((value) => value !== undefined && !metric.met(value))
      ? false
      : values.every((value) => value !== undefined) || null;
    return { budget, measured: text, met };
  });
}

function clientLines(rows: ClientWeightRow[] | undefined): BudgetLine[] {
  const product = rows?.find((row) => row.page === 'product page');
  const javascript =
    'First-load JavaScript until the page is interactive (or loaded, if later), product page ≤ 120 KB gzip (148 before)';
  const hydration = 'Hydration data of the product page ≤ 20 KB (66 before)';
  return [
    product?.untilInteractive
      ? {
          budget: javascript,
          measured: `${product.untilInteractive.gzipKB} KB in ${product.untilInteractive.files} scripts`,
          met: product.untilInteractive.gzipKB <= 120,
        }
      : notMeasured(javascript, 'client'),
    product?.hydrationData
      ? {
          budget: hydration,
          measured: `${product.hydrationData.payloadKB} KB (${product.hydrationData.inlineScriptKB} KB of inline script in the HTML)`,
          met: product.hydrationData.payloadKB <= 20,
        }
      : notMeasured(hydration, 'client'),
  ];
}

function ssrLines(ssr: SsrResults | undefined): BudgetLine[] {
  const rendered = ssr?.renderOnly.find((row) => row.page === 'product page' && row.upperBound);
  const renders = `Product page rendered on every request, 16 connections: ≥ 3× today's pages/s against the upper bound of the same run (≥ ${percent(3 * BEFORE_RATIO, 1)}; today ${percent(BEFORE_RATIO, 1)})`;
  const memory = 'RSS after the bench’s load, embedded default ≤ 450 MiB';
  return [
    rendered?.ratio !== undefined
      ? {
          budget: renders,
          measured: `${percent(rendered.ratio, 1)} (${rendered.requestsPerSecond} of ${rendered.upperBound!.requestsPerSecond} pages/s): ${(rendered.ratio / BEFORE_RATIO).toFixed(1)}× today`,
          met: rendered.ratio >= 3 * BEFORE_RATIO,
        }
      : notMeasured(renders, 'ssr'),
    ssr?.memory.afterLoadMiB !== undefined
      ? {
          budget: memory,
          measured: `${ssr.memory.afterLoadMiB} MiB (${Math.min(...ssr.memory.rssMiB)}–${Math.max(...ssr.memory.rssMiB)} MiB during ${ssr.memory.seconds} s of load)`,
          met: ssr.memory.afterLoadMiB <= 450,
        }
      : notMeasured(memory, 'ssr'),
  ];
}

function nginxLines(nginx: NginxResults | undefined): BudgetLine[] {
  return (['anonymous', 'holding a cart'] as Shopper[]).map((shopper) => {
    const budget = `Through the nginx cache, ${shopper === 'anonymous' ? 'anonymous shoppers' : 'shoppers holding a cart'}: ≥ 95 % of the upper bound`;
    const row = nginx?.rows.find((candidate) => candidate.shopper === shopper);
    if (!row) {
      const why = nginx?.skipped ? `not measured: ${nginx.skipped}` : undefined;
      return why ? { budget, measured: why, met: null } : notMeasured(budget, 'nginx');
    }
    return {
      budget,
      measured: `${percent(row.ratio)} (${row.throughNginx.requestsPerSecond} of ${row.upperBound.requestsPerSecond} pages/s, ${row.throughNginx.errors + row.throughNginx.non2xx} errors)`,
      met: row.ratio >= 0.95 && row.throughNginx.errors + row.throughNginx.non2xx === 0,
    };
  });
}

function addToCartLines(rows: ApiRow[] | undefined): BudgetLine[] {
  const find = (database: ApiRow['database'], connections: number) =>
    rows?.find((row) => row.call === ADD_TO_CART && row.database === database && row.connections === connections);
  const postgres = find('Postgres', 16);
  const pglite = find('PGlite', 1);
  const onPostgres = 'Add to cart p99 < 25 ms at 16 connections on Postgres';
  const onPglite = 'Add to cart p50 < 5 ms at 1 connection on PGlite';
  return [
    postgres
      ? {
          budget: onPostgres,
          measured: `${postgres.p99} ms (${postgres.requestsPerSecond} adds/s)`,
          met: postgres.p99 < 25 && postgres.errors + postgres.non2xx === 0,
        }
      : notMeasured(onPostgres, 'api'),
    pglite
      ? {
          budget: onPglite,
          measured: `${pglite.p50} ms (p99 ${pglite.p99} ms)`,
          met: pglite.p50 < 5 && pglite.errors + pglite.non2xx === 0,
        }
      : notMeasured(onPglite, 'api'),
  ];
}

export function issue29Budgets(results: BenchResults): BudgetLine[] {
  return [
    ...lighthouseLines(results.lighthouse),
    ...clientLines(results.client),
    ...ssrLines(results.ssr),
    ...nginxLines(results.nginx),
    ...addToCartLines(results.api),
  ];
}

export function budgetsMarkdown(lines: BudgetLine[]): string {
  const met = lines.filter((line) => line.met === true).length;
  return [
    '## Issue 29 budgets',
    '',
    `${met} of ${lines.length} met. Each section's own table below has the figures and the date it was measured.`,
    '',
    table(
      ['budget', 'measured', 'met'],
      lines.map((line) => [line.budget, line.measured, line.met === null ? '–' : line.met ? 'yes' : '**no**']),
      [false, false, false],
    ),
    '',
  ].join('\n');
}
