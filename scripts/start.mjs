// `npm start`: builds the storefront, the back office and the server where a build is missing or
// older than its sources (scripts/builds.mjs), then runs the compiled server with plain node
// (which migrates and seeds the database before it listens).
import { buildIfStale, builds, root } from './builds.mjs';

// React and React Router pick their development builds (several times slower, with extra
// checks) unless NODE_ENV says production; the server's config defaults to production too.
process.env.NODE_ENV ??= 'production';

buildIfStale(['storefront', 'admin', 'server']);

// Stack traces name the TypeScript sources through the bundle's source maps.
process.setSourceMapsEnabled(true);
await import(`${root}${builds.server.folder}/${builds.server.output}`);
