// `npm start`: builds the storefront when no build exists, and the back office when its build is
// missing or older than its sources, then runs the server (which migrates and seeds the database
// before it listens).
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// `.env` from the folder `npm start` runs in (the project root), when there is one; a variable
// set in the environment wins over the file. The server reads it again (load-env-file.ts).
try {
  process.loadEnvFile();
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}

// React and React Router pick their development builds (several times slower, with extra
// checks) unless NODE_ENV says production; the server's config defaults to production too. The
// server refuses settings unsafe on a real shop (a localhost PUBLIC_URL, the mail viewer) only
// when the operator chose production: a production chosen here is a local run (PISTE_LOCAL_RUN).
if (!process.env.NODE_ENV) {
  process.env.NODE_ENV = 'production';
  process.env.PISTE_LOCAL_RUN = 'true';
}

const root = fileURLToPath(new URL('..', import.meta.url));
const serverBuild = `${root}apps/storefront/build/server/index.js`;
const adminBuild = `${root}apps/admin/build/client/index.html`;
/** What the admin bundle is made of: its app and the client-safe schemas it shares with the API. */
const adminSources = [
  'apps/admin/app',
  'apps/admin/react-router.config.ts',
  'apps/admin/vite.config.ts',
  'packages/admin/src',
];

/** The newest modification time under `path` (a file or a folder, walked whole). */
function newestChange(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stats.mtimeMs);
}

/** How long a build may hold the lock before another start takes it over (it crashed). */
const BUILD_LOCK_MS = 5 * 60_000;

/**
 * Builds `workspace`, one start at a time: e2e starts two shops from one checkout at once, and
 * two builds writing one folder would leave a broken build. A start that finds the lock waits
 * for the other's build and uses it.
 */
function build(workspace, reason) {
  const lock = join(root, 'node_modules', `.build-lock-${workspace.replace(/\W/g, '-')}`);
  const waitUntil = Date.now() + BUILD_LOCK_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (Date.now() > waitUntil) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
      if (!existsSync(lock)) return;
    }
  }
  console.log(reason);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  rmSync(lock, { recursive: true, force: true });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(serverBuild)) {
  build('@piste/storefront', 'No storefront build found: building it once (about a minute)…');
}
if (!existsSync(adminBuild)) {
  build('@piste/admin-app', 'No back-office build found: building it once…');
} else {
  const builtAt = statSync(adminBuild).mtimeMs;
  const changedAt = Math.max(...adminSources.map((source) => newestChange(join(root, source))));
  if (changedAt > builtAt)
    build('@piste/admin-app', 'The back office changed since its last build: building it again…');
}

register();
await import('../packages/server/src/main.ts');
