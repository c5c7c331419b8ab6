// `npm start`: builds the storefront, the back office and the server where a build is missing or
// older than its sources (scripts/builds.mjs), then runs the compiled server with plain node
// (which migrates and seeds the database before it listens).
import { buildIfStale, builds, root } from './builds.mjs';

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

buildIfStale(['storefront', 'admin', 'server']);

// Stack traces name the TypeScript sources through the bundle's source maps.
process.setSourceMapsEnabled(true);
await import(`${root}${builds.server.folder}/${builds.server.output}`);
