/**
 * The JavaScript and CSS a first visit to the home, a category and a product page loads:
 * - from the build output: the scripts and stylesheets the page's HTML names, raw, gzip -9 and
 *   brotli 11 (what the server sends, compressed at build time);
 * - from a real page load in Chromium: every script and stylesheet requested until the load
 *   event, with the bytes that crossed the wire, and the scripts fetched until the page is
 *   interactive (hydrated: `data-interactive`, decision 029-h; or the load event, if later)
 *   weighed as their build files at gzip -9 (what a module loaded on demand later does not count in);
 * - the hydration data in the page's HTML: the `window.__reactRouterContext` payload.
 *
 * Budgets (issue 29, bench/budgets.ts): on the product page, JavaScript until the page is
 * interactive ≤ 120 KB gzip and hydration data ≤ 20 KB.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
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
  /** The scripts Chromium fetched until the page was interactive (or loaded, if later), weighed from the build output. */
  untilInteractive: Weight;
  hydrationData: HydrationData;
}

interface HydrationData {
  /** The route data React Router streams into the page (`streamController.enqueue`), decoded, KB. */
  payloadKB: number;
  /** Every inline script that sets up or fills `window.__reactRouterContext`, as in the HTML, KB. */
  inlineScriptKB: number;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * A file's bytes: from the client build, or, for a script the server makes (a locale's
 * display-text module, decision 029-e), as the server sends it, uncompressed.
 */
async function assetBody(baseUrl: string, path: string): Promise<Buffer> {
  const built = join(CLIENT_BUILD, path);
  if (existsSync(built)) return readFileSync(built);
  const answer = await fetch(`${baseUrl}/${path}`, { headers: { 'accept-encoding': 'identity' } });
  if (!answer.ok) throw new Error(`/${path} answered ${answer.status}`);
  return Buffer.from(await answer.arrayBuffer());
}

async function weigh(baseUrl: string, files: string[]): Promise<Weight> {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const body = await assetBody(baseUrl, file);
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
    brotli += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { files: files.length, rawKB: kb(raw), gzipKB: kb(gzip), brotliKB: kb(brotli) };
}

/**
 * The scripts (module preloads, held until the largest image has painted: decision 029-h) and
 * stylesheets a page's HTML names.
 */
function firstLoadFiles(html: string): { scripts: string[]; stylesheets: string[] } {
  const unique = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((match) => match[1]!))];
  return {
    scripts: unique(/<link rel="modulepreload(?:-after-paint)?" href="\/([^"]+)"/g),
    stylesheets: unique(/<link[^>]*rel="stylesheet" href="\/([^"#]+)[^"]*"/g),
  };
}

/** The hydration data a page carries: React Router's context and the route data streamed into it. */
export function hydrationData(html: string): HydrationData {
  let payload = 0;
  let inline = 0;
  for (const [, script] of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
    if (!script!.includes('__reactRouterContext')) continue;
    inline += Buffer.byteLength(script!);
    for (const [, chunk] of script!.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)) {
      payload += Buffer.byteLength(JSON.parse(chunk!) as string);
    }
  }
  return { payloadKB: kb(payload), inlineScriptKB: kb(inline) };
}

/**
 * Notes in the page when it marks itself interactive (`data-interactive` on `<html>`, set once it
 * has hydrated), watched from before the document exists.
 */
async function noteWhenInteractive(tab: Page): Promise<void> {
  // As text: the bench compiles without the DOM library.
  await tab.addInitScript(`new MutationObserver((changes, observer) => {
    if (!document.documentElement || !document.documentElement.hasAttribute('data-interactive')) return;
    globalThis.interactiveAt = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-interactive'] });`);
}

/**
 * The page's own scripts (the build's, and the display-text module) fetched until it was
 * interactive, or until its load event if that came later: the scripts start after the largest
 * image has painted (decision 029-h), which may be after the load event.
 */
async function scriptsBeforeInteractive(tab: Page, baseUrl: string): Promise<string[]> {
  await tab.waitForFunction(() => (globalThis as { interactiveAt?: number }).interactiveAt !== undefined);
  // No named functions inside: the bench's TypeScript loader would wrap them in a helper the page lacks.
  const urls = await tab.evaluate(() => {
    // The browser's timing entries, typed here since the bench compiles without the DOM library.
    type Timing = { name: string; responseEnd: number; loadEventStart: number };
    const [navigation] = performance.getEntriesByType('navigation' as 'mark') as unknown as Timing[];
    const until = Math.max(navigation!.loadEventStart, (globalThis as { interactiveAt?: number }).interactiveAt!);
    return (performance.getEntriesByType('resource' as 'mark') as unknown as Timing[])
      .filter((entry) => entry.responseEnd <= until)
      .map((entry) => entry.name);
  });
  return urls
    .filter((url) => url.startsWith(baseUrl))
    .map((url) => new URL(url).pathname.slice(1))
    .filter((path) => path.endsWith('.js'));
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
      const html = await (await fetch(server.baseUrl + path)).text();
      const { scripts, stylesheets } = firstLoadFiles(html);
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const tab = await context.newPage();
      const loaded: Array<{ type: string; bytes: Promise<number> }> = [];
      tab.on('requestfinished', (request) => {
        const type = request.resourceType();
        if (type === 'script' || type === 'stylesheet') {
          // A prefetch finishing as the tab closes has no sizes any more: it is past the load event anyway.
          const bytes = request.sizes().then((sizes) => sizes.responseBodySize);
          bytes.catch(() => {});
          loaded.push({ type, bytes });
        }
      });
      await noteWhenInteractive(tab);
      await tab.goto(server.baseUrl + path, { waitUntil: 'load' });
      const untilLoad = [...loaded];
      const sizes = await Promise.all(untilLoad.map(async (entry) => ({ type: entry.type, bytes: await entry.bytes })));
      const untilInteractive = await weigh(server.baseUrl, await scriptsBeforeInteractive(tab, server.baseUrl));
      await context.close();
      const ofType = (type: string) => sizes.filter((entry) => entry.type === type);
      rows.push({
        page,
        path,
        javascript: await weigh(server.baseUrl, scripts),
        css: await weigh(server.baseUrl, stylesheets),
        browser: {
          scripts: ofType('script').length,
          scriptKB: kb(ofType('script').reduce((sum, entry) => sum + entry.bytes, 0)),
          stylesheets: ofType('stylesheet').length,
          stylesheetKB: kb(ofType('stylesheet').reduce((sum, entry) => sum + entry.bytes, 0)),
        },
        untilInteractive,
        hydrationData: hydrationData(html),
      });
      console.log(
        `${page}: JS ${rows.at(-1)!.javascript.gzipKB} KB gzip in ${scripts.length} files named by the HTML, ${untilInteractive.gzipKB} KB in ${untilInteractive.files} until interactive; hydration data ${rows.at(-1)!.hydrationData.payloadKB} KB`,
      );
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
    'The scripts Chromium fetched until the page was interactive, or its load event if later (their build files, gzip -9), and the hydration data in the HTML (`window.__reactRouterContext`: the streamed route data decoded, and the inline scripts that carry it as sent):',
    '',
    table(
      [
        'page',
        'JS files until interactive',
        'JS gzip KB until interactive',
        'hydration data KB',
        'its inline scripts KB',
      ],
      rows.map((row) => [
        row.page,
        row.untilInteractive?.files ?? '',
        row.untilInteractive?.gzipKB ?? '',
        row.hydrationData?.payloadKB ?? '',
        row.hydrationData?.inlineScriptKB ?? '',
      ]),
    ),
    '',
  ].join('\n');
}
