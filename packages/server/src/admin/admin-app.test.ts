import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPagesApp } from '../../test/support/app-harness';
import { storefrontClientBuild } from '../paths';
import { inlineScriptHashes } from '../inline-script-hashes';
import { adminContentSecurityPolicy } from './admin-app';

/** A build shaped like React Router's SPA output: an index.html with its inline boot scripts, and hashed assets. */
const BOOT_SCRIPT = 'window.__reactRouterContext = {"basename":"/admin/","isSpaMode":true};';
const LOADER_SCRIPT = 'import("/admin/assets/entry.client-AbC123.js");';
const INDEX_HTML = `<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/admin/assets/root-XyZ789.css"/></head><body><div class="boot">Loading the back office…</div><script>${BOOT_SCRIPT}</script><script type="module" async="">${LOADER_SCRIPT}</script></body></html>`;

function fakeAdminBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'piste-admin-build-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets', 'entry.client-AbC123.js'), 'console.log("admin");');
  writeFileSync(join(dir, 'assets', 'root-XyZ789.css'), 'body{margin:0}');
  return dir;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the admin pages policy', () => {
  it('allows exactly the inline boot scripts by hash, and nothing inline otherwise', () => {
    expect(inlineScriptHashes(INDEX_HTML)).toEqual([sha256(BOOT_SCRIPT), sha256(LOADER_SCRIPT)]);
    const policy = adminContentSecurityPolicy([sha256(BOOT_SCRIPT)]);
    expect(policy).toContain(`script-src 'self' ${sha256(BOOT_SCRIPT)};`);
    expect(policy.split('; ').find((directive) => directive.startsWith('script-src'))).not.toContain('unsafe');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("img-src 'self' data: blob:;");
  });

  it('lets the media library show images from a hosted media service', () => {
    expect(adminContentSecurityPolicy([], 'https://cdn.media.example.net/i/piste')).toContain(
      "img-src 'self' data: blob: https://cdn.media.example.net;",
    );
  });
});

// Serving reads no data of its own: PGlite alone, as the storefront's page tests (the API's
// tests cover Postgres). Seeding the pages app takes long on a busy machine, hence the hook's time.
describe('the back office app served at /admin', () => {
  let shop: Awaited<ReturnType<typeof createSeededPagesApp>>;
  let buildDir: string;
  beforeAll(async () => {
    buildDir = fakeAdminBuild();
    shop = await createSeededPagesApp({}, { adminApp: { clientBuildDir: buildDir } });
  }, 180_000);
  afterAll(async () => {
    await shop.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  it('sends /admin on to /admin/, keeping the query: the app knows its pages under the slash only', async () => {
    const bare = await shop.app.inject({ url: '/admin?next=%2Forders' });
    expect(bare.statusCode).toBe(308);
    expect(bare.headers.location).toBe('/admin/?next=%2Forders');
  });

  it.each(['/admin/', '/admin/orders/5', '/admin/catalogue?sort=-name&page=2', '/admin/sign-in'])(
    'answers %s with the app, never cached, under a strict policy and noindex',
    async (url) => {
      const page = await shop.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('Loading the back office');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toContain(`script-src 'self' ${sha256(BOOT_SCRIPT)} ${sha256(LOADER_SCRIPT)};`);
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("connect-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("form-action 'self'");
      // The storefront's locale routing leaves the back office alone.
      expect(page.headers.location).toBeUndefined();
    },
  );

  it('serves hashed assets as immutable, and a missing one as a 404 rather than the app', async () => {
    const script = await shop.app.inject({ url: '/admin/assets/entry.client-AbC123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe('console.log("admin");');

    const stale = await shop.app.inject({ url: '/admin/assets/entry.client-Old000.js' });
    expect(stale.statusCode).toBe(404);
    expect(stale.body).not.toContain('Loading the back office');
  });

  it('keeps the admin API a JSON API: an unknown route is a JSON 404, not the app', async () => {
    for (const url of ['/admin/api/nope', '/admin/api']) {
      const response = await shop.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const session = await shop.app.inject({ url: '/admin/api/session' });
    expect(session.statusCode).toBe(401);
    expect(session.json().error.code).toBe('SIGN_IN_REQUIRED');
  });

  it('refuses other methods on the pages instead of handing them to the storefront', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/admin/orders/5', payload: {} });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('never ships the back office to shoppers: storefront pages and bundles do not reference it', async () => {
    for (const url of ['/', '/en-us/p/summit-pro-binding', '/de-de/blog']) {
      const page = await shop.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).not.toContain('/admin/assets/');
      expect(page.headers['x-robots-tag']).toBeUndefined();
    }
    const bundles = readdirSync(join(storefrontClientBuild, 'assets')).filter((file) => file.endsWith('.js'));
    expect(bundles.length).toBeGreaterThan(0);
    for (const file of bundles) {
      const code = readFileSync(join(storefrontClientBuild, 'assets', file), 'utf8');
      expect(code, file).not.toContain('/admin/api');
      expect(code, file).not.toContain('Sign in to the back office');
    }
  });
});
