/**
 * `npm run bench:compare -- DIR`: the uncached render of the home, a category and a product page,
 * this checkout against another built checkout of the shop (DIR, e.g. a `git worktree` of the
 * commit before a refactor), in the same run on the same machine. Rounds alternate between the two
 * servers so that a noisy neighbour slows both alike. The page cache is off: every request renders.
 * Writes bench/results/render-compare.json and .md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BROWSER_HEADERS, load, machine, repositoryRoot, startServer, temporaryDataDir, type LoadResult } from './lib';
import { SSR_PAGES } from './ssr';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = [1, 16];

const baseline = process.argv[2] ? resolve(process.argv[2]) : null;
if (!baseline || !existsSync(join(baseline, 'apps/storefront/build/server'))) {
  console.error(
    'Usage: npm run bench:compare -- DIR, where DIR is another checkout of the shop, built (npm run build).',
  );
  process.exit(1);
}

interface Row {
  page: string;
  connections: number;
  checkout: 'baseline' | 'this';
  /** Median over the rounds. */
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The commit a checkout is at, so the results say what was compared. */
const commitOf = (checkout: string) =>
  execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: checkout, encoding: 'utf8' }).trim();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dataDirs = { baseline: temporaryDataDir('compare-baseline'), this: temporaryDataDir('compare-this') };
  const env = (dir: string) => ({ DATA_DIR: dir, PAGE_CACHE_TTL_SECONDS: '0' });
  const servers = {
    baseline: await startServer(env(dataDirs.baseline.dir), undefined, baseline!),
    this: await startServer(env(dataDirs.this.dir)),
  };
  const rows: Row[] = [];
  try {
    for (const [page, path] of SSR_PAGES) {
      for (const connections of CONNECTIONS) {
        const results: Record<'baseline' | 'this', LoadResult[]> = { baseline: [], this: [] };
        for (let round = 0; round < ROUNDS; round++) {
          // Alternate which goes first, so neither always runs on a warmer machine.
          const order = round % 2 === 0 ? (['baseline', 'this'] as const) : (['this', 'baseline'] as const);
          for (const checkout of order) {
            results[checkout].push(
              await load(servers[checkout].baseUrl, [path], {
                connections,
                seconds: SECONDS,
                warmupSeconds: round === 0 ? 2 : 0,
                headers: BROWSER_HEADERS,
              }),
            );
          }
        }
        for (const checkout of ['baseline', 'this'] as const) {
          const runs = results[checkout];
          rows.push({
            page,
            connections,
            checkout,
            requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
            p50: median(runs.map((run) => run.p50)),
            p99: median(runs.map((run) => run.p99)),
            errors: runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0),
          });
          const row = rows.at(-1)!;
          console.log(
            `${page} c${connections} ${checkout}: ${row.requestsPerSecond} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms`,
          );
        }
      }
    }
  } finally {
    await Promise.all([servers.baseline.stop(), servers.this.stop()]);
    dataDirs.baseline.remove();
    dataDirs.this.remove();
  }
  const results = {
    date: new Date().toISOString(),
    machine: machine(),
    baseline: `${baseline} (${commitOf(baseline!)})`,
    this: commitOf(repositoryRoot),
    rounds: ROUNDS,
    seconds: SECONDS,
    rows,
  };
  writeFileSync(join(repositoryRoot, 'bench/results/render-compare.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(repositoryRoot, 'bench/results/render-compare.md'), markdown(results));
}

function markdown(results: {
  date: string;
  baseline: string;
  this: string;
  rounds: number;
  seconds: number;
  rows: Row[];
}) {
  const lines = [
    `# Uncached renders, this checkout (${results.this}) against ${results.baseline}`,
    '',
    `${results.date}; median of ${results.rounds} alternating rounds of ${results.seconds} s; page cache off.`,
    '',
    '| page | connections | baseline req/s | this req/s | baseline p50 / p99 ms | this p50 / p99 ms | errors |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (let i = 0; i < results.rows.length; i += 2) {
    const [before, after] = [results.rows[i]!, results.rows[i + 1]!];
    lines.push(
      `| ${before.page} | ${before.connections} | ${before.requestsPerSecond} | ${after.requestsPerSecond} | ${before.p50} / ${before.p99} | ${after.p50} / ${after.p99} | ${before.errors + after.errors} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

await main();
