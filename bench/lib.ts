import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const repositoryRoot = new URL('..', import.meta.url).pathname;

export function machine() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs a repository script to completion, streaming its output, and fails on a non-zero exit. */
export function runScript(args: string[], env: Record<string, string>): void {
  const result = spawnSync('npx', ['tsx', ...args], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited with ${result.status}`);
}

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  /** Resident memory of the server process, in MiB. */
  rssMiB(): number;
  stop(): Promise<void>;
}

/**
 * Node's arguments in the checkout's `npm start` (`node <flags> scripts/start.mjs`), so the bench
 * runs the shop with the V8 flags it ships with (docs/decisions/029-g).
 */
function npmStartArguments(checkout: string): string[] {
  const { scripts } = JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...args] = scripts.start.split(/\s+/);
  if (command !== 'node') throw new Error(`npm start runs ${command}, not node: the bench cannot start it`);
  return args;
}

/**
 * Starts the production server in its own process (the load generator stays in this one) as
 * `npm start` runs it, or another entry that prints the same "serving the shop at" line (the
 * upper-bound server). `checkout` runs another built checkout of the shop (a baseline to compare with).
 */
export async function startServer(
  env: Record<string, string>,
  entry?: string[],
  checkout: string = repositoryRoot,
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, entry ?? npmStartArguments(checkout), {
    cwd: checkout,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // A production build on this machine, on localhost: no real shop's settings (config.ts).
      PISTE_LOCAL_RUN: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // Benchmarks measure the shop's work, not a proof of work that real browsers solve.
      BOT_PROTECTION: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('serving the shop at') && resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    process: child,
    rssMiB: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * The requests in turn across all connections. Given a list, autocannon walks it from the start
 * on every connection, so 16 connections would send the first request 16 times at once: the
 * same cart added to by all, the same account signing in from all (and refused by its limit).
 * Here each request a connection sends is the next of one shared round.
 */
function inTurn(requests: autocannon.Request[]): autocannon.Request[] {
  if (requests.length < 2) return requests;
  let next = 0;
  // Given the request with autocannon's defaults (host, shared headers) filled in.
  const take = (request: autocannon.Request): autocannon.Request => {
    const chosen = requests[next++ % requests.length]!;
    return { ...request, ...chosen, headers: { ...request.headers, ...chosen.headers } };
  };
  // One entry is enough: autocannon sets each request up afresh, and this one takes the next.
  return [{ setupRequest: take }];
}

/** A fixed-duration, fixed-concurrency load against one or more paths, after a warm-up. */
export async function load(
  baseUrl: string,
  paths: Array<string | autocannon.Request>,
  options: { connections: number; seconds: number; warmupSeconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const requests = inTurn(paths.map((path) => (typeof path === 'string' ? { method: 'GET' as const, path } : path)));
  const run = (duration: number) =>
    autocannon({ url: baseUrl, connections: options.connections, duration, requests, headers: options.headers });
  if (options.warmupSeconds > 0) await run(options.warmupSeconds);
  const result = await run(options.seconds);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The Postgres server benchmarks use when reachable (BENCH_DATABASE_URL). */
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh database of that name on the benchmark's Postgres server; answers its URL. */
export async function recreatePostgresDatabase(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export type MachineInfo = ReturnType<typeof machine>;

/** Writes `bench/results/{name}.json` (the rows, dated, with the machine) and `{name}.md`. */
export function writeResults<Row>(name: string, rows: Row[], markdown: (info: MachineInfo) => string): void {
  const info = machine();
  const resultsDir = join(repositoryRoot, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, `${name}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), machine: info, rows }, null, 2)}\n`,
  );
  writeFileSync(join(resultsDir, `${name}.md`), markdown(info));
  console.log(`\nWrote bench/results/${name}.json and ${name}.md`);
}

/** What a browser sends: compressed answers, like the pages shoppers get. */
/** Each load of `npm run bench`'s sections: `BENCH_SECONDS` (default 6) after 2 s of warm-up. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
export const WARMUP_SECONDS = 2;

export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-US,en;q=0.9' };

/** A markdown table from a header row and rows of cells. */
export function table(header: string[], rows: Array<Array<string | number>>, alignRight = header.map((_, i) => i > 0)) {
  return [
    `| ${header.join(' | ')} |`,
    `|${alignRight.map((right) => (right ? '---:' : '---')).join('|')}|`,
    ...rows.map(
      (row) => `| ${row.map((cell) => (typeof cell === 'number' ? cell.toLocaleString('en') : cell)).join(' | ')} |`,
    ),
  ].join('\n');
}

/** A fresh directory for an embedded database, removed by the returned function. */
export function temporaryDataDir(name: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `piste-bench-${name}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
