// `npm start`: builds the storefront when no build exists, then runs the server
// (which migrates and seeds the database before it listens).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// React and React Router pick their development builds (several times slower, with extra
// checks) unless NODE_ENV says production; the server's config defaults to production too.
process.env.NODE_ENV ??= 'production';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverBuild = `${root}apps/storefront/build/server/index.js`;

if (!existsSync(serverBuild)) {
  console.log('No storefront build found: building it once (about a minute)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

register();
await import('../packages/server/src/main.ts');
