/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset, simulated throttling) on the home, a
 * category and a product page of a production build, in Debian's Chromium, median of
 * BENCH_LIGHTHOUSE_RUNS runs (3). Records performance, accessibility, best practices and SEO,
 * LCP, TBT and CLS, and every audit that did not pass. Budgets (issues 10 and 11): performance
 * ≥ 95, the other three 100, CLS 0, TBT under 100 ms.
 * Writes bench/results/lighthouse.json and .md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer, writeResults } from './lib';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = [
  ['home', '/'],
  ['category page', '/en-us/c/helmets'],
  ['product page', '/en-us/p/summit-pro-binding'],
] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits scored below 1 (and not merely informative), by category. */
  failing: string[];
}

interface Row {
  page: string;
  path: string;
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
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

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'piste-bench-lighthouse-'));
  const server = await startServer({ DATA_DIR: dataDir });
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
  const rows: Row[] = [];
  try {
    // Lighthouse measures a warm server: the first render of each page fills its caches.
    for (const [, path] of PAGES) await fetch(server.baseUrl + path);
    for (const [page, path] of PAGES) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await auditWithRetries(server.baseUrl + path, chrome.port));
      const row: Row = {
        page,
        path,
        runs: RUNS,
        performance: median(runs.map((run) => run.scores.performance)),
        accessibility: median(runs.map((run) => run.scores.accessibility)),
        bestPractices: median(runs.map((run) => run.scores['best-practices'])),
        seo: median(runs.map((run) => run.scores.seo)),
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
    rmSync(dataDir, { recursive: true, force: true });
  }
  writeResults('lighthouse', rows, (info) =>
    [
      '# Lighthouse (mobile, simulated throttling)',
      '',
      `Median of ${RUNS} runs per page; production build, embedded providers, Debian Chromium. ` +
        `Machine: ${info.cpus} × ${info.cpuModel}, ${info.memoryGiB} GiB, Node ${info.node}.`,
      '',
      '| Page | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (row) =>
          `| ${row.page} (\`${row.path}\`) | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.lcpMs} ms | ${row.tbtMs} ms | ${row.cls} |`,
      ),
      '',
      'Budgets: performance ≥ 95, accessibility, best practices and SEO 100, CLS 0, TBT under 100 ms.',
      '',
      '## Audits not passed',
      '',
      ...rows.map((row) => `- ${row.page}: ${row.failing.length === 0 ? 'none' : row.failing.join(', ')}`),
      '',
    ].join('\n'),
  );
}

await main();
