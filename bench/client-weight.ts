/**
 * The JavaScript and CSS a first visit to the home, a category and a product page loads:
 * - from the build output: the scripts and stylesheets the page's HTML names, raw, gzip -9 and
 *   brotli 11 (what the server sends, compressed at build time);
 * - from a real page load in Chromium: every script and stylesheet requested until the load
 *   event, with the bytes that crossed the wire.
 *
 * Budgets (docs/performance.md): first-load JavaScript ≤ 110 KB gzip on the product page, ≤ 100 KB on home.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { repositoryRoot, startServer, table, temporaryDataDir } from './lib';
import { SSR_PAGES } from './ssr';

const CLIENT_BUILD = join(repositoryRoot, 'apps/storefront/build/client');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Weight {
  files: number;
  rawKB: number;
  gzipKB: number;
  brotliKB: number;
}

export interface ClientWeightRow {
  page: string;
  path: string;
  javascript: Weight;
  css: Weight;
  /** Measured in Chromium: requests and bytes on the wire until the load event. */
  browser: { scripts: number; scriptKB: number; stylesheets: number; stylesheetKB: number };
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

function weigh(files: string[]): Weight {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const body = readFileSync(join(CLIENT_BUILD, file));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
    brotli += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { files: files.length, rawKB: kb(raw), gzipKB: kb(gzip), brotliKB: kb(brotli) };
}

/** The scripts (module preloads and the entry's imports) and stylesheets a page's HTML names. */
function firstLoadFiles(html: string): { scripts: string[]; stylesheets: string[] } {
  const unique = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((match) => match[1]!))];
  return {
    scripts: unique(/<link rel="modulepreload" href="\/([^"]+)"/g),
    stylesheets: unique(/<link[^>]*rel="stylesheet" href="\/([^"#]+)[^"]*"/g),
  };
}

export async function benchClientWeight(): Promise<ClientWeightRow[]> {
  const data = temporaryDataDir('client-weight');
  const server = await startServer({ DATA_DIR: data.dir });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const rows: ClientWeightRow[] = [];
  try {
    for (const [page, path] of SSR_PAGES) {
      const { scripts, stylesheets } = firstLoadFiles(await (await fetch(server.baseUrl + path)).text());
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const tab = await context.newPage();
      const loaded: Array<{ type: string; bytes: Promise<number> }> = [];
      tab.on('requestfinished', (request) => {
        const type = request.resourceType();
        if (type === 'script' || type === 'stylesheet') {
          loaded.push({ type, bytes: request.sizes().then((sizes) => sizes.responseBodySize) });
        }
      });
      await tab.goto(server.baseUrl + path, { waitUntil: 'load' });
      const sizes = await Promise.all(loaded.map(async (entry) => ({ type: entry.type, bytes: await entry.bytes })));
      await context.close();
      const ofType = (type: string) => sizes.filter((entry) => entry.type === type);
      rows.push({
        page,
        path,
        javascript: weigh(scripts),
        css: weigh(stylesheets),
        browser: {
          scripts: ofType('script').length,
          scriptKB: kb(ofType('script').reduce((sum, entry) => sum + entry.bytes, 0)),
          stylesheets: ofType('stylesheet').length,
          stylesheetKB: kb(ofType('stylesheet').reduce((sum, entry) => sum + entry.bytes, 0)),
        },
      });
      console.log(`${page}: JS ${rows.at(-1)!.javascript.gzipKB} KB gzip in ${scripts.length} files`);
    }
  } finally {
    await browser.close();
    await server.stop();
    data.remove();
  }
  return rows;
}

export function clientWeightMarkdown(rows: ClientWeightRow[]): string {
  return [
    '## Client weight on a first visit',
    '',
    'From the build output (the files the page names), and from a page load in Chromium until the load event (bytes on the wire; the server sends the brotli files made at build time).',
    '',
    table(
      [
        'page',
        'JS files',
        'JS raw KB',
        'JS gzip KB',
        'JS brotli KB',
        'CSS files',
        'CSS raw KB',
        'CSS gzip KB',
        'CSS brotli KB',
        'Chromium: scripts (KB)',
        'Chromium: stylesheets (KB)',
      ],
      rows.map((row) => [
        row.page,
        row.javascript.files,
        row.javascript.rawKB,
        row.javascript.gzipKB,
        row.javascript.brotliKB,
        row.css.files,
        row.css.rawKB,
        row.css.gzipKB,
        row.css.brotliKB,
        `${row.browser.scripts} (${row.browser.scriptKB})`,
        `${row.browser.stylesheets} (${row.browser.stylesheetKB})`,
      ]),
    ),
    '',
  ].join('\n');
}
