/**
 * The SSR benchmark's upper bound: the same server (config, database, hooks, security headers,
 * metrics) with a catch-all that sends each page's bytes from memory instead of rendering it:
 * gzip compressed once at start to a visitor who takes it, as cached pages are, else as they
 * are. `UPPER_BOUND_PAGES` names a JSON file of `{ path: html }` captured from the real server
 * in the same run. Started by bench/ssr.ts, never by the shop.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { prepareDatabase } from '../packages/server/src/database';

const captured = JSON.parse(readFileSync(process.env.UPPER_BOUND_PAGES!, 'utf8')) as Record<string, string>;
const pages = new Map(
  Object.entries(captured).map(([path, html]) => [path, { plain: Buffer.from(html), gzip: gzipSync(html) }]),
);
const config = loadConfig();
const database = await prepareDatabase(config, () => {});
const app = await buildApp({ config, database });
app.get('/*', async (request, reply) => {
  const page = pages.get(request.url);
  if (page === undefined) return reply.code(404).send();
  reply.type('text/html; charset=utf-8');
  if (negotiate(request.headers['accept-encoding'] ?? '', ['gzip']) === null) return reply.send(page.plain);
  return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(page.gzip);
});
await app.listen({ host: config.HOST, port: config.PORT });
console.log(`Upper bound serving the shop at http://${config.HOST}:${config.PORT}`);
