/**
 * The shop behind nginx's cache (`deploy/nginx/piste-cache.conf`, made runnable by
 * packages/server/test/support/nginx.ts) against the upper bound of the same run: the home, a
 * category and a product page in turn at 16 connections, as anonymous visitors and as shoppers
 * holding a cart (a `piste_cart` cookie, which leaves a page shared: decision 029-a), each beside
 * the upper bound measured just before it.
 *
 * Budget (issue 29, bench/budgets.ts): through the cache, ≥ 95 % of the upper bound for both.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findNginx, serverBlocks, startNginx, type RunningNginx } from '@piste/server/testing/nginx';
import {
  BROWSER_HEADERS,
  freePort,
  load,
  repositoryRoot,
  SECONDS,
  startServer,
  table,
  temporaryDataDir,
  WARMUP_SECONDS,
  type LoadResult,
  type RunningServer,
} from './lib';
import { createCart, stockedVariants } from './shop-client';
import { SSR_PAGES, startUpperBound } from './ssr';

/** `BENCH_NGINX_CONFIG` benches another configuration written the same way. */
const NGINX_CONFIG = process.env.BENCH_NGINX_CONFIG ?? join(repositoryRoot, 'deploy/nginx/piste-cache.conf');
const CONNECTIONS = 16;
const CART_HOLDERS = 50;

export type Shopper = 'anonymous' | 'holding a cart';

export interface NginxRow {
  shopper: Shopper;
  throughNginx: LoadResult;
  upperBound: LoadResult;
  /** Pages per second through nginx as a share of the upper bound's. */
  ratio: number;
}

export interface NginxResults {
  /** Why nothing was measured (no deployment configuration yet), else absent. */
  skipped?: string;
  rows: NginxRow[];
  /** Each page's `X-Cache-Status` on a second anonymous view, when the configuration sends it. */
  cacheStatus: Record<string, string>;
}

const PATHS = SSR_PAGES.map(([, path]) => path);

/** The pages in turn, each with the cookies of one of the shoppers in turn (none: a first visit). */
function requestsOf(cookies: string[]) {
  return cookies.flatMap((cookie) =>
    PATHS.map((path) => ({ method: 'GET' as const, path, headers: cookie ? { cookie } : {} })),
  );
}

async function cartCookies(shop: RunningServer): Promise<string[]> {
  const variants = await stockedVariants(shop);
  const carts = await Promise.all(
    Array.from({ length: CART_HOLDERS }, (_, index) => createCart(shop, variants[index % variants.length]!)),
  );
  return carts.map((cart) => cart.cookie);
}

async function cacheStatusOf(nginx: RunningNginx): Promise<Record<string, string>> {
  const status: Record<string, string> = {};
  for (const path of PATHS) {
    await (await fetch(nginx.baseUrl + path, { headers: BROWSER_HEADERS })).arrayBuffer();
    const second = await fetch(nginx.baseUrl + path, { headers: BROWSER_HEADERS });
    await second.arrayBuffer();
    status[path] = second.headers.get('x-cache-status') ?? 'not sent';
  }
  return status;
}

export async function benchNginx(): Promise<NginxResults> {
  const nginxPath = findNginx();
  if (!existsSync(NGINX_CONFIG) || !nginxPath) {
    const skipped = nginxPath ? `${NGINX_CONFIG} does not exist` : 'no nginx installed';
    console.log(`nginx cache not measured: ${skipped}`);
    return { skipped, rows: [], cacheStatus: {} };
  }
  const shopData = temporaryDataDir('nginx-shop');
  const boundData = temporaryDataDir('nginx-upper-bound');
  const nginxDir = temporaryDataDir('nginx');
  const shop = await startServer({ DATA_DIR: shopData.dir });
  const servers: Array<{ stop(): Promise<void> }> = [shop];
  try {
    const upper = await startUpperBound(shop, boundData.dir);
    servers.push(upper);
    const template = readFileSync(NGINX_CONFIG, 'utf8');
    const otherPorts: number[] = [];
    while (otherPorts.length < serverBlocks(template) - 1) otherPorts.push(await freePort());
    const nginx = await startNginx(
      nginxPath,
      {
        upstreamPorts: [Number(new URL(shop.baseUrl).port)],
        listenPort: await freePort(),
        otherPorts,
        dir: nginxDir.dir,
      },
      template,
    );
    servers.push(nginx);
    const cacheStatus = await cacheStatusOf(nginx);
    console.log(`X-Cache-Status on a second view: ${JSON.stringify(cacheStatus)}`);
    const shoppers: Array<[Shopper, string[]]> = [
      ['anonymous', ['']],
      ['holding a cart', await cartCookies(shop)],
    ];
    const rows: NginxRow[] = [];
    for (const [shopper, cookies] of shoppers) {
      const requests = requestsOf(cookies);
      const options = {
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        headers: BROWSER_HEADERS,
      };
      const upperBound = await load(upper.baseUrl, requests, options);
      const throughNginx = await load(nginx.baseUrl, requests, options);
      const ratio = Math.round((throughNginx.requestsPerSecond / upperBound.requestsPerSecond) * 100) / 100;
      rows.push({ shopper, throughNginx, upperBound, ratio });
      console.log(
        `${shopper} through nginx: ${throughNginx.requestsPerSecond} pages/s (upper bound ${upperBound.requestsPerSecond}, ${Math.round(ratio * 100)} %)`,
      );
    }
    return { rows, cacheStatus };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    shopData.remove();
    boundData.remove();
    nginxDir.remove();
  }
}

export function nginxMarkdown({ skipped, rows, cacheStatus }: NginxResults): string {
  if (skipped) return ['## Through the nginx cache', '', `Not measured: ${skipped}.`, ''].join('\n');
  return [
    '## Through the nginx cache',
    '',
    `\`deploy/nginx/piste-cache.conf\` (or \`BENCH_NGINX_CONFIG\`) in front of the shop (page cache on); home, category and product page in turn at ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up, beside the upper bound measured just before. Shoppers holding a cart send one of ${CART_HOLDERS} carts' cookies.`,
    '',
    table(
      ['shopper', 'pages/s', 'p50 ms', 'p99 ms', 'errors', 'upper bound pages/s', 'through nginx / upper bound'],
      rows.map((row) => [
        row.shopper,
        row.throughNginx.requestsPerSecond,
        row.throughNginx.p50,
        row.throughNginx.p99,
        row.throughNginx.errors + row.throughNginx.non2xx,
        row.upperBound.requestsPerSecond,
        `${Math.round(row.ratio * 100)} %`,
      ]),
      [false, true, true, true, true, true, true],
    ),
    '',
    `\`X-Cache-Status\` on a second anonymous view: ${Object.entries(cacheStatus)
      .map(([path, status]) => `\`${path}\` ${status}`)
      .join(', ')}.`,
    '',
  ].join('\n');
}
