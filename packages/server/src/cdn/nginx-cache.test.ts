import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '@piste/db';
import { resolveFromRoot } from '../paths';
import { createSeededPagesApp } from '../../test/support/app-harness';
import { DEMO, XSRF } from '../../test/support/test-browser';
import { freePort } from '../../test/support/free-port';
import { findNginx, startNginx, type RunningNginx } from '../../test/support/nginx';

const NGINX = findNginx();
const PURGE_MODULE = '/usr/lib/nginx/modules/ngx_http_cache_purge_module.so';
const nginxInstalled = NGINX !== null && existsSync(PURGE_MODULE);

/** The product the suite views, and the prices it gives it (minor units, and as the page shows them). */
const PRODUCT = 'summit-pro-binding';
const PAGE = `/en-us/p/${PRODUCT}`;
const LIST_PRICE = { minor: 43_210, shown: '$432.10' };
const NEW_PRICE = { minor: 45_670, shown: '$456.70' };

/** How long a change may take to reach nginx: the change channel, then a purge request. */
const SOON = { timeout: 10_000, interval: 100 };

interface Seen {
  url: string;
  status: number;
  cacheStatus: string | null;
  setCookie: string[];
  body: string;
}

/** A visitor through nginx: keeps the cookies answers set, sends the XSRF header the page's scripts would. */
class Visitor {
  readonly cookies = new Map<string, string>([['XSRF-TOKEN', XSRF]]);

  constructor(
    private readonly origin: string,
    private readonly seen: Seen[],
  ) {}

  async request(method: string, path: string, body?: unknown) {
    const response = await fetch(this.origin + path, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'accept-encoding': 'identity',
        ...(body === undefined
          ? {}
          : { 'content-type': 'application/json', 'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const setCookie = response.headers.getSetCookie();
    for (const cookie of setCookie) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      const cleared = value === '' || attributes.some((attribute) => /max-age=0/i.test(attribute.trim()));
      if (cleared) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    this.seen.push({
      url: path,
      status: response.status,
      cacheStatus: response.headers.get('x-cache-status'),
      setCookie,
      body: text,
    });
    return { response, text, cacheStatus: response.headers.get('x-cache-status') };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body: unknown) => this.request('POST', path, body);
}

/**
 * The proof of issue 29: nginx (Debian's package, the shop's own config) in front of the shop
 * keeps shared pages for everyone, never anything personal, and drops a page when what it shows
 * changes (docs/decisions/029-c-cdn-purge.md).
 */
// Without nginx the suite is reported skipped, with what to install in its name.
const SUITE = nginxInstalled
  ? 'nginx’s cache in front of the shop'
  : `nginx’s cache in front of the shop: skipped, no nginx with ${PURGE_MODULE} (scripts/test.sh installs them: apt-get install nginx libnginx-mod-http-cache-purge)`;

describe.runIf(nginxInstalled)(SUITE, () => {
  let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
  let nginx: RunningNginx;
  let prefix: string;
  let origin: string;
  let productId: number;
  /** The demo US pro's price of the product (their group's discount), as pages show it. */
  let proPrice = '';
  const seen: Seen[] = [];
  const visitor = () => new Visitor(origin, seen);

  beforeAll(async () => {
    const ports = { cache: await freePort(), purge: await freePort() };
    harness = await createSeededPagesApp({ CDN_PURGE_URL: `http://127.0.0.1:${ports.purge}/purge` });
    await harness.app.listen({ host: '127.0.0.1', port: 0 });
    const shop = (harness.app.server.address() as AddressInfo).port;

    const execute = (query: ReturnType<typeof sql>) => harness.database.db.execute(query);
    const [product] = await queryRows<{ id: number }>(
      harness.database.db,
      sql`select id from products where uid = ${PRODUCT}`,
    );
    productId = product!.id;
    const variants = sql`(select id from variants where product_id = ${productId})`;
    await execute(
      sql`update variant_prices set price = ${LIST_PRICE.minor}, sale_price = null
          where region_id = 'us' and variant_id in ${variants}`,
    );

    prefix = await mkdtemp(join(tmpdir(), 'piste-nginx-'));
    // deploy/nginx/piste-cache.conf as an operator would use it, on this test's ports and folder.
    nginx = await startNginx(
      NGINX!,
      { upstreamPorts: [shop], listenPort: ports.cache, otherPorts: [ports.purge], dir: prefix },
      await readFile(resolveFromRoot('deploy/nginx/piste-cache.conf'), 'utf8'),
    );
    origin = nginx.baseUrl;
  });

  afterAll(async () => {
    await nginx?.stop();
    await harness?.close();
    if (prefix) await rm(prefix, { recursive: true, force: true });
  });

  it('answers a second anonymous view of a product page from its cache', async () => {
    const first = await visitor().get(PAGE);
    expect(first.response.status, nginx.errorLog()).toBe(200);
    expect(first.text).toContain(LIST_PRICE.shown);
    expect(first.response.headers.get('cache-control')).toMatch(/^public\b.*s-maxage=\d+/);
    expect(first.response.headers.get('surrogate-key')?.split(' ')).toEqual(
      expect.arrayContaining(['page', 'content', 'locale-en-us', `product-${productId}`]),
    );

    const second = await visitor().get(PAGE);
    expect(second.cacheStatus).toBe('HIT');
    expect(second.text).toBe(first.text);
  });

  it('gives a shopper with a cart the cached page, and their own cart count from /api/shopper', async () => {
    const shopper = visitor();
    const [variant] = await queryRows<{ id: number }>(
      harness.database.db,
      sql`select id from variants where product_id = ${productId} and not purchasing_disabled order by id limit 1`,
    );
    const cart = await shopper.post('/api/cart/create', {
      line_items: [{ product_id: productId, variant_id: variant!.id, quantity: 2 }],
    });
    expect(cart.response.status, cart.text).toBe(201);
    expect(shopper.cookies.has('piste_cart')).toBe(true);

    const page = await shopper.get(PAGE);
    expect(page.cacheStatus).toBe('HIT');
    expect(page.text).toBe((await visitor().get(PAGE)).text);

    const own = await shopper.get('/api/shopper?locale=en-us');
    expect(own.response.status, own.text).toBe(200);
    expect(own.cacheStatus).toBeNull();
    expect(own.response.headers.get('cache-control')).toBe('private, no-store');
    expect(JSON.parse(own.text)).toMatchObject({ cartItemCount: 2, customer: null });
  });

  it('shows a signed-in pro their pro prices, never the shared copy, and keeps their page out of it', async () => {
    const pro = visitor();
    const signIn = await pro.post('/api/customers/login', DEMO.proUs);
    expect(signIn.response.status, signIn.text).toBe(200);
    expect(pro.cookies.has('piste_session')).toBe(true);

    const product = await pro.get(`/api/products/${productId}`);
    const calculated = JSON.parse(product.text).data.calculated_price as number;
    expect(calculated).toBeLessThan(LIST_PRICE.minor / 100);
    proPrice = `$${calculated.toFixed(2)}`;

    for (let view = 0; view < 2; view += 1) {
      const page = await pro.get(PAGE);
      expect(page.response.status).toBe(200);
      expect(page.cacheStatus).toBe('BYPASS');
      expect(page.response.headers.get('cache-control')).toBe('private, no-store');
      expect(page.text).toContain(proPrice);
    }

    const anonymous = await visitor().get(PAGE);
    expect(anonymous.cacheStatus).toBe('HIT');
    expect(anonymous.text).toContain(LIST_PRICE.shown);
    expect(anonymous.text).not.toContain(proPrice);

    const own = await pro.get('/api/shopper?locale=en-us');
    expect(JSON.parse(own.text)).toMatchObject({ customer: { firstName: 'Jordan', isPro: true } });
  });

  it('purges the product page when its price changes: the next view is a miss with the new price', async () => {
    expect((await visitor().get(PAGE)).cacheStatus).toBe('HIT');

    await harness.database.db.execute(
      sql`update variant_prices set price = ${NEW_PRICE.minor}
          where region_id = 'us' and variant_id in (select id from variants where product_id = ${productId})`,
    );

    await vi.waitFor(async () => {
      const view = await visitor().get(PAGE);
      expect(view.text).toContain(NEW_PRICE.shown);
      expect(view.cacheStatus).toBe('MISS');
    }, SOON);
    const next = await visitor().get(PAGE);
    expect(next.cacheStatus).toBe('HIT');
    expect(next.text).toContain(NEW_PRICE.shown);
  });

  it('never answers from its cache with a cookie or anyone’s data', () => {
    const cached = seen.filter(({ cacheStatus }) => cacheStatus === 'HIT' || cacheStatus === 'STALE');
    expect(cached.length).toBeGreaterThan(3);
    for (const answer of cached) {
      expect(answer.setCookie, answer.url).toEqual([]);
      for (const personal of [DEMO.proUs.email, 'Jordan', proPrice].filter(Boolean)) {
        expect(answer.body, answer.url).not.toContain(personal);
      }
    }
  });
});
