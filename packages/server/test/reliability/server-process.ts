import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { repositoryRoot } from '../../src/paths';

/**
 * The production server (`node scripts/start.mjs`, as `npm start` runs it) in a process of its
 * own, so a test can load it over loopback, watch its memory, or kill it outright.
 */
export interface ServerProcess {
  baseUrl: string;
  /** The test payment provider's own origin (its card element and confirmations), on a port of its own. */
  testPaymentsUrl: string;
  pid: number;
  /** Resident memory of the server process, in MiB. */
  rssMiB(): number;
  /** The process's stderr so far (start-up failures, warnings). */
  stderr(): string;
  /** SIGKILL: no shutdown hook runs, as when the machine or the orchestrator pulls the plug. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown. */
  stop(): Promise<void>;
  /** How the process ended: its exit code (0 after a graceful shutdown that finished in time), or its signal. */
  exitedWith(): number | string | null;
}

export interface ServerProcessOptions {
  port: number;
  /** The embedded PGlite database lives under it, so it outlives the process. */
  dataDir: string;
  /** More settings, e.g. LOG_LEVEL or TRUST_PROXY. */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

/** A free loopback port from the range this suite may use (3200–3299 belong to reliability runs). */
export async function freePortBetween(first: number, last: number): Promise<number> {
  for (let port = first; port <= last; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port between ${first} and ${last}`);
}

function waitForExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const { port, dataDir } = options;
  // The embedded database and in-process rate limits, whatever the test process was given.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.REDIS_URL;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repositoryRoot,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      // A production build on this machine: its 127.0.0.1 PUBLIC_URL is no real shop's (config.ts).
      PISTE_LOCAL_RUN: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      MEDIA_CACHE_DIR: join(dataDir, 'media-cache'),
      // The test provider's origin: a second listener, 1000 ports up (the suite keeps 3200–3299).
      TEST_PAYMENTS_PORT: String(port + 1000),
      TEST_PAYMENTS_URL: `http://127.0.0.1:${port + 1000}`,
      SEED_ON_START: 'true',
      LOG_LEVEL: 'warn',
      // The suite drives checkouts and sign-ins as a script: it solves no proof of work.
      BOT_PROTECTION: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${options.readyTimeoutMs ?? 90_000} ms:\n${stderr}`));
    }, options.readyTimeoutMs ?? 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('serving the shop at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before listening:\n${stderr}`));
    });
  });
  // Keeps draining the pipe, so the server never blocks on a full one.
  child.stdout!.resume();

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    testPaymentsUrl: `http://127.0.0.1:${port + 1000}`,
    pid: child.pid!,
    rssMiB: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    },
    stderr: () => stderr,
    kill: async () => {
      child.kill('SIGKILL');
      await waitForExit(child);
    },
    stop: async () => {
      child.kill('SIGTERM');
      await waitForExit(child);
    },
    exitedWith: () => child.exitCode ?? child.signalCode,
  };
}
