import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/support/free-port';

const startScript = new URL('../../../scripts/start.mjs', import.meta.url).pathname;
const commandScript = new URL('../../../scripts/command.mjs', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'piste-main-test-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * Runs `npm start`'s script as a real process, as an operator would, in a folder of its own
 * (`cwd`, where it reads `.env`): a `.env` of the developer's in the checkout is not read.
 */
function startServer(env: Record<string, string>, cwd = dataDir) {
  const child = spawn(process.execPath, [startScript], {
    cwd,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => {
    output += chunk;
    errors += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => output.includes('serving the shop at') && resolve());
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
  // Marked handled here: a test that expects the process to fail never awaits it.
  listening.catch(() => {});
  return { child, exited, listening, output: () => output, errors: () => errors };
}

/** `/readyz` once the search index, built in the background after start-up, is whole. */
async function readinessOf(port: number): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    const body = (await response.json()) as { status: string };
    if (response.status !== 503 || body.status !== 'search-index-not-built' || attempt === 150) return response.status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// Each start compiles the server with tsx: on a busy two-core machine that alone can take 20 s.
describe('the server process', { timeout: 60_000 }, () => {
  it('refuses to start on a bad setting, naming the variable', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration:\n\s+- PORT: /);
  });

  it('refuses to start on an unreachable database in one line naming DATABASE_URL and its host, not its password', async () => {
    const closedPort = await freePort();
    const server = startServer({ DATABASE_URL: `postgres://piste:hunter2-secret@127.0.0.1:${closedPort}/shop` });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('DATABASE_URL');
    expect(lines[0]).toContain(`127.0.0.1:${closedPort}`);
    expect(lines[0]).not.toContain('hunter2-secret');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'refuses to start on a database missing from a Postgres that answers, in one line naming it',
    async () => {
      const missing = new URL(process.env.TEST_DATABASE_URL!);
      missing.pathname = '/piste_no_such_database';
      const server = startServer({ DATABASE_URL: missing.href });
      expect(await server.exited).toBe(1);
      expect(server.errors().trim().split('\n')).toEqual([
        `Piste could not start: the database of DATABASE_URL (${missing.host}) does not answer: ` +
          'database "piste_no_such_database" does not exist',
      ]);
    },
  );

  it('reads .env from the folder it starts in, the environment winning, and refuses unsafe production settings there', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'piste-env-file-'));
    writeFileSync(join(folder, '.env'), 'NODE_ENV=production\nMAIL_VIEWER=true\nPORT=eighty\n');
    try {
      const server = startServer({ PORT: '4100' }, folder);
      expect(await server.exited).toBe(1);
      expect(server.errors()).toMatch(/Invalid configuration:\n\s+- MAIL_VIEWER: must be off in production/);
      expect(server.errors()).toMatch(/- PUBLIC_URL: must be set in production/);
      // PORT=eighty in the file lost to the environment's.
      expect(server.errors()).not.toContain('PORT');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('migrates and seeds, serves, drains on SIGTERM, and keeps its data across restarts', async () => {
    const port = await freePort();
    // A local run (no NODE_ENV: npm start chooses production) keeps what production refuses.
    const first = startServer({ PORT: String(port), MAIL_VIEWER: 'true' });
    await first.listening;
    expect(first.output()).toContain(`http://localhost:${port}`);
    expect(first.output()).toMatch(/Loaded seed data: commerce-reference-data@1, demo-catalogue@\w+/);
    expect(await readinessOf(port)).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = startServer({ PORT: String(port) });
    await second.listening;
    // The database in DATA_DIR survived: nothing was seeded twice.
    expect(second.output()).not.toContain('Loaded seed data');
    expect(await readinessOf(port)).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    // Two real starts, the first seeding the demo: well over the default timeout on a busy CI machine.
  }, 120_000);

  it('prepares a database with `npm run db:prepare` and exits, leaving the server nothing to load', async () => {
    const preparedDir = mkdtempSync(join(tmpdir(), 'piste-db-prepare-test-'));
    try {
      const env = { PATH: process.env.PATH, LOG_LEVEL: 'warn', DATA_DIR: preparedDir };
      const prepared = spawnSync(process.execPath, [commandScript, 'db-prepare'], {
        cwd: preparedDir,
        env,
        encoding: 'utf8',
      });
      expect(prepared.status).toBe(0);
      expect(prepared.stdout).toMatch(/Loaded seed data: commerce-reference-data@1, demo-catalogue@\w+/);

      const port = await freePort();
      const server = startServer({ PORT: String(port), DATA_DIR: preparedDir }, preparedDir);
      await server.listening;
      expect(server.output()).not.toContain('Loaded seed data');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      rmSync(preparedDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses to start on an unreachable Redis in one line naming REDIS_URL and its host, not its password', async () => {
    const closedPort = await freePort();
    const server = startServer({ REDIS_URL: `redis://piste:hunter2-secret@127.0.0.1:${closedPort}/11` });
    expect(await server.exited).toBe(1);
    const lines = server.errors().trim().split('\n');
    expect(lines).toEqual([
      `Piste could not start: the Redis server of REDIS_URL (127.0.0.1:${closedPort}) does not answer: connect ECONNREFUSED 127.0.0.1:${closedPort}`,
    ]);
    expect(server.output()).not.toContain('hunter2-secret');
    // Redis is reached after the database is ready: seeded by the test before, or seeded now.
  }, 120_000);
});
