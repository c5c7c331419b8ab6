/**
 * The SSR benchmark's upper bound: the same server (config, database, hooks, security headers,
 * compression, metrics) with a catch-all that sends each page's HTML from memory instead of
 * rendering it. `UPPER_BOUND_PAGES` names a JSON file of `{ path: html }` captured from the
 * real server in the same run. Started by bench/ssr.ts, never by the shop.
 */
import { readFileSync } from 'node:fs';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { prepareDatabase } from '../packages/server/src/database';

const pages = JSON.parse(readFileSync(process.env.UPPER_BOUND_PAGES!, 'utf8')) as Record<string, string>;
const config = loadConfig();
const database = await prepareDatabase(config, () => {});
const app = await buildApp({ config, database });
app.get('/*', async (request, reply) => {
  const html = pages[request.url];
  if (html === undefined) return reply.code(404).send();
  return reply.type('text/html; charset=utf-8').send(html);
});
await app.listen({ host: config.HOST, port: config.PORT });
console.log(`Upper bound serving the shop at http://${config.HOST}:${config.PORT}`);
