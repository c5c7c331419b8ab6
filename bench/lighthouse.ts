/**
 * Lighthouse (mobile preset, simulated throttling) on the home, a category, a product and a
 * search results page of a production build, in Debian's Chromium, median of
 * BENCH_LIGHTHOUSE_RUNS runs (3). Records performance, accessibility, best practices and SEO,
 * FCP, LCP, TBT and CLS, and every audit that did not pass. Budgets (issue 29, bench/budgets.ts):
 * performance ≥ 99, FCP ≤ 1.0 s, LCP ≤ 1.5 s, TBT ≤ 50 ms, CLS 0, the other three scores 100.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer, table, temporaryDataDir } from './lib';
import { SSR_PAGES } from './ssr';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export const LIGHTHOUSE_PAGES = [...SSR_PAGES, ['search page', '/en-us/search?q=helmet']] as const;

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits scored below 1 (and not merely informative), by category. */
  failing: string[];
}

export interface LighthouseRow {
  page: string;
  path: string;
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failing: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((entry) => entry.score !== null && entry.score < 1 && category !== 'performance')
      .map((entry) => `${category}: ${entry.id}`),
  );
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])) as Run['scores'],
    fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    failing,
  };
}

/** Lighthouse sometimes loses a trace (NO_NAVSTART, NO_FCP on a busy machine): such a run is repeated. */
async function auditWithRetries(url: string, port: number, attempts = 3): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, port);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`retrying ${url}: ${(error as Error).message}`);
    }
  }
}

export async function benchLighthouse(): Promise<LighthouseRow[]> {
  const data = temporaryDataDir('lighthouse');
  const server = await startServer({ DATA_DIR: data.dir });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const rows: LighthouseRow[] = [];
  try {
    // Lighthouse measures a warm server: the first render of each page fills its caches.
    for (const [, path] of LIGHTHOUSE_PAGES) await fetch(server.baseUrl + path);
    for (const [page, path] of LIGHTHOUSE_PAGES) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await auditWithRetries(server.baseUrl + path, chrome.port));
      const row: LighthouseRow = {
        page,
        path,
        runs: RUNS,
        performance: median(runs.map((run) => run.scores.performance)),
        accessibility: median(runs.map((run) => run.scores.accessibility)),
        bestPractices: median(runs.map((run) => run.scores['best-practices'])),
        seo: median(runs.map((run) => run.scores.seo)),
        fcpMs: median(runs.map((run) => run.fcpMs)),
        lcpMs: median(runs.map((run) => run.lcpMs)),
        tbtMs: median(runs.map((run) => run.tbtMs)),
        cls: median(runs.map((run) => run.cls)),
        failing: [...new Set(runs.flatMap((run) => run.failing))],
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  } finally {
    chrome.kill();
    await server.stop();
    data.remove();
  }
  return rows;
}

export function lighthouseMarkdown(rows: LighthouseRow[]): string {
  return [
    '## Lighthouse (mobile, simulated throttling)',
    '',
    `Median of ${RUNS} runs per page; production build, embedded providers, Debian Chromium.`,
    '',
    table(
      ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS'],
      rows.map((row) => [
        `${row.page} (\`${row.path}\`)`,
        row.performance,
        row.accessibility,
        row.bestPractices,
        row.seo,
        row.fcpMs,
        row.lcpMs,
        row.tbtMs,
        row.cls,
      ]),
    ),
    '',
    `Audits not passed (accessibility, best practices, SEO): ${rows.map((row) => `${row.page}: ${row.failing.length === 0 ? 'none' : row.failing.join(', ')}`).join('; ')}.`,
    '',
  ].join('\n');
}
