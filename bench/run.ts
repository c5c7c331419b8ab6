/**
 * `npm run bench`: every benchmark of docs/performance.md's budgets against a production build with
 * the embedded providers, each server in its own process and the load generator in this one. Writes
 * bench/results/latest.json and latest.md (docs/performance.md explains each number), headed by
 * issue 29's budgets, each met or not (bench/budgets.ts).
 *
 * `npm run bench -- ssr lighthouse` runs only the named sections (ssr, nginx, client, lighthouse,
 * api, growth); the other sections keep their last results, each dated.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiMarkdown, benchApi } from './api';
import { budgetsMarkdown, issue29Budgets, type BenchResults } from './budgets';
import { benchClientWeight, clientWeightMarkdown } from './client-weight';
import { benchGrowth, growthMarkdown } from './growth';
import { machine, repositoryRoot } from './lib';
import { benchLighthouse, lighthouseMarkdown } from './lighthouse';
import { benchNginx, nginxMarkdown } from './nginx-cache';
import { benchSsr, ssrMarkdown } from './ssr';

const SECTIONS = {
  ssr: { run: benchSsr, markdown: ssrMarkdown },
  nginx: { run: benchNginx, markdown: nginxMarkdown },
  client: { run: benchClientWeight, markdown: clientWeightMarkdown },
  lighthouse: { run: benchLighthouse, markdown: lighthouseMarkdown },
  api: { run: benchApi, markdown: apiMarkdown },
  growth: { run: benchGrowth, markdown: growthMarkdown },
} as const;

type SectionName = keyof typeof SECTIONS;

function chosenSections(): SectionName[] {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in SECTIONS));
  if (unknown.length > 0) {
    console.error(`Unknown section ${unknown.join(', ')}; choose from ${Object.keys(SECTIONS).join(', ')}.`);
    process.exit(1);
  }
  return asked.length > 0 ? (asked as SectionName[]) : (Object.keys(SECTIONS) as SectionName[]);
}

interface SectionResult {
  date: string;
  rows: unknown;
}

/** The last run's results, so that a run of some sections keeps the others. */
function previousResults(file: string): Partial<Record<SectionName, SectionResult>> {
  if (!existsSync(file)) return {};
  const previous = JSON.parse(readFileSync(file, 'utf8')) as { sections?: Record<string, SectionResult> };
  return Object.fromEntries(
    Object.entries(previous.sections ?? {}).filter(([name, result]) => name in SECTIONS && result?.date),
  );
}

async function main() {
  const sections = chosenSections();
  // Benchmarks measure what ships: build it as `npm start` would run it.
  const build = spawnSync('npm', ['run', 'build'], { cwd: repositoryRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);

  const dir = join(repositoryRoot, 'bench/results');
  const jsonFile = join(dir, 'latest.json');
  const results = previousResults(jsonFile);
  const started = performance.now();
  // Written after every section, so that a section that fails keeps what the others measured.
  const write = () => {
    const minutes = Math.round((performance.now() - started) / 6_000) / 10;
    const info = machine();
    const budgets = issue29Budgets(
      Object.fromEntries(Object.entries(results).map(([name, result]) => [name, result.rows])) as BenchResults,
    );
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      jsonFile,
      `${JSON.stringify({ machine: info, lastRunMinutes: minutes, budgets, sections: results }, null, 2)}\n`,
    );
    const markdown = (Object.keys(SECTIONS) as SectionName[]).flatMap((name) => {
      const result = results[name];
      if (!result) return [];
      const render = SECTIONS[name].markdown as (rows: unknown) => string;
      return [`_Measured ${result.date.slice(0, 16).replace('T', ' ')} UTC._`, '', render(result.rows)];
    });
    writeFileSync(
      join(dir, 'latest.md'),
      [
        '# Benchmarks (`npm run bench`)',
        '',
        `Machine: ${info.cpus} cores (${info.cpuModel}), ${info.memoryGiB} GiB, Node ${info.node}. Production build, embedded providers (PGlite, content, search, media); each server in its own process, the load generator in another. The last run (${sections.join(', ')}) took ${minutes} minutes. What each number means and the budgets: docs/performance.md.`,
        '',
        budgetsMarkdown(budgets),
        ...markdown,
      ].join('\n'),
    );
    return minutes;
  };
  let minutes = 0;
  for (const name of sections) {
    console.log(`\n== ${name}`);
    const sectionStarted = performance.now();
    results[name] = { date: new Date().toISOString(), rows: await SECTIONS[name].run() };
    console.log(`${name} took ${Math.round((performance.now() - sectionStarted) / 1000)} s`);
    minutes = write();
  }
  console.log(`\nWrote bench/results/latest.json and latest.md in ${minutes} minutes.`);
}

await main();
