import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishContent } from '@piste/content/server';
import { queryRows } from '@piste/db';
import { testDatabaseKinds } from '@piste/db/testing';
import { createSeededApiApp, createSeededPagesApp, loadStorefrontBuild } from '../support/app-harness';
import { solvedToken } from '../support/bot-token';
import { checkOut, TestBrowser, US_ADDRESS, XSRF } from '../support/test-browser';
import { createApiFixture, FIXTURE_PASSWORD } from './api-fixture';
import { bodyTemplate, validUrl, type AppRoute, type FuzzMethod } from './api-fuzz-cases';
import { watchDatabaseChanges, type DatabaseChanges } from './database-changes';
import { formRoutesOf, formTemplates, urlencoded, validFormPath } from './form-fuzz-cases';
import { payloadProblems, launchChromium } from './browser-probe';
import { bySize, recordFigure, reliabilityMode } from './mode';
import { OFF_SITE_TARGETS, staysOnSite } from './open-redirects';
import { percentEncode } from './request-encoding';
import { payloadsForRound, XSS_PAYLOADS, XSS_SINKS, type XssSink } from './xss-payloads';

const SECTION = 'Web security';
/** docs/api.md 'CSRF': authorised by their own key headers, never by cookies. */
const CSRF_EXEMPT = ['/api/content/', '/api/interstack/', '/api/search/'];
/** Payment providers' webhooks carry no cookie: their signature over the raw body guards them (docs/checkout.md 'Webhooks'). */
const SIGNED_WEBHOOKS = ['/api/webhooks/payments'];
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_TYPE = { 'content-type': 'application/json' };
/** Documentation addresses (RFC 5737): public, so no never-block rule applies to them. */
const PUBLIC_IP = '203.0.113.9';
const BLOCKED_RANGE = '198.51.100.0/24';
const OTHER_TOKEN = 'y'.repeat(43);
/** This suite's own port for Chromium (3200–3299 are the helpers'). */
const PORT = 3241;
/** A demo blog post whose title and body the script-injection check replaces. */
const BLOG_POST = 'a-storm-cycle-at-rogers-pass';

/** The real ALTCHA check, at a proof of work small enough for tests (docs/security.md 'Bot protection'). */
const ALTCHA = { BOT_PROTECTION: 'altcha', ALTCHA_COST: '1', ALTCHA_MAX_COUNTER: '20' };

/** Ways a forged request gets the double-submit token wrong (plugins/csrf.ts). */
const FORGERIES: { name: string; cookie?: string; headers: Record<string, string> }[] = [
  { name: 'cookie, no header', cookie: XSRF, headers: {} },
  { name: 'header differs from cookie', cookie: XSRF, headers: { 'x-xsrf-token': OTHER_TOKEN } },
  { name: 'csrf-token header differs', cookie: XSRF, headers: { 'csrf-token': OTHER_TOKEN } },
  { name: 'header without cookie', headers: { 'x-xsrf-token': XSRF } },
  { name: 'malformed token twice', cookie: 'forged', headers: { 'x-xsrf-token': 'forged' } },
];

interface SetCookie {
  name: string;
  httpOnly?: boolean;
  sameSite?: string;
  secure?: boolean;
  path?: string;
}

const cookieNamed = (response: LightMyRequestResponse, name: string) =>
  (response.cookies as SetCookie[]).find((cookie) => cookie.name === name);

async function wrote(changes: DatabaseChanges, send: () => Promise<LightMyRequestResponse>) {
  const mark = await changes.mark();
  const response = await send();
  return { response, written: await changes.since(mark) };
}

describe.each(testDatabaseKinds())('web security on $name', (kind) => {
  const routes: AppRoute[] = [];
  let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
  let customer: Awaited<ReturnType<typeof createApiFixture>>;
  let changes: DatabaseChanges;

  beforeAll(async () => {
    harness = await createSeededPagesApp(
      {
        // Behind a proxy, as in production: x-forwarded-proto says when the visitor came over HTTPS.
        TRUST_PROXY: 'true',
        BLOCKED_IPS: BLOCKED_RANGE,
        // Every read fresh: a payload published a moment ago must be what the page shows.
        CONTENT_CACHE_TTL_SECONDS: '0',
        PAGE_CACHE_TTL_SECONDS: '0',
      },
      {
        kind,
        onRoute: (route: RouteOptions) => {
          if (!route.url.startsWith('/api')) return;
          for (const method of [route.method].flat() as string[]) {
            if (['POST', 'PUT', 'DELETE'].includes(method))
              routes.push({ method: method as FuzzMethod, url: route.url });
          }
        },
      },
    );
    customer = await createApiFixture(harness.app);
    changes = await watchDatabaseChanges(harness.database.db);
  });
  afterAll(() => harness?.close());

  const record = (name: string, value: number, unit: string) =>
    recordFigure(SECTION, `${name} (${kind.name})`, value, unit);
  const newAccount = async (browser: TestBrowser) => {
    const email = `websec.${randomUUID().slice(0, 8)}@example.com`;
    const created = await browser.post('/api/customers/create', {
      email,
      password: FIXTURE_PASSWORD,
      first_name: 'Web',
      last_name: 'Sec',
    });
    expect(created.statusCode, created.body).toBe(201);
    return { email, id: created.json().data.id as number };
  };

  it('refuses every mutating /api call whose CSRF token is missing or wrong: 403 CSRF, nothing written', async () => {
    const checked = routes.filter(
      (route) => !CSRF_EXEMPT.some((prefix) => route.url.startsWith(prefix)) && !SIGNED_WEBHOOKS.includes(route.url),
    );
    expect(checked.length).toBeGreaterThan(20);
    const failures: string[] = [];
    let cells = 0;
    for (const route of checked) {
      await customer.refresh();
      const browser = customer.browser();
      const url = validUrl(route, customer.fixture);
      const payload = JSON.stringify(bodyTemplate(route, customer.fixture) ?? {});
      for (const forgery of FORGERIES) {
        const cookies = Object.fromEntries([...browser.cookies].filter(([name]) => name !== 'XSRF-TOKEN'));
        const { response, written } = await wrote(changes, () =>
          harness.app.inject({
            method: route.method,
            url,
            payload,
            headers: { ...JSON_TYPE, ...forgery.headers, 'idempotency-key': randomUUID() },
            cookies: forgery.cookie ? { ...cookies, 'XSRF-TOKEN': forgery.cookie } : cookies,
            remoteAddress: browser.ip,
          }),
        );
        cells += 1;
        const code = response.statusCode === 403 ? response.json().error?.code : undefined;
        if (code !== 'CSRF')
          failures.push(
            `${route.method} ${url} (${forgery.name}): ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        if (written.length > 0)
          failures.push(`${route.method} ${url} (${forgery.name}) wrote ${JSON.stringify(written)}`);
      }
      // The same call with the token passes the check: it was the token that was refused.
      const genuine = await browser.call(route.method, url, {
        payload,
        headers: { ...JSON_TYPE, 'idempotency-key': randomUUID() },
      });
      if (genuine.statusCode === 403 && genuine.json().error?.code === 'CSRF')
        failures.push(`${route.method} ${url}: refused with the token`);
    }
    record('CSRF forgeries refused', cells, 'requests');
    record('mutating /api routes checked for CSRF', checked.length, 'routes');
    expect(failures).toEqual([]);
  });

  it('exempts only the embedded content and search services, which their own keys guard', async () => {
    const exempt = routes.filter((route) => CSRF_EXEMPT.some((prefix) => route.url.startsWith(prefix)));
    expect(new Set(exempt.map((route) => route.url))).toEqual(
      new Set(['/api/content/*', '/api/interstack/references', '/api/search/api/as/v1/engines/*']),
    );
    for (const route of exempt) {
      const url = route.url.replace('*', route.url.includes('search') ? 'piste/search.json' : 'v3/content_types');
      const response = await harness.app.inject({ method: route.method, url, payload: '{}', headers: JSON_TYPE });
      expect([401, 404, 405, 412], `${route.method} ${url}: ${response.statusCode}`).toContain(response.statusCode);
    }
  });

  it('refuses cross-site posts to every form action: 403, nothing written', async () => {
    const forms = formRoutesOf(await loadStorefrontBuild());
    const failures: string[] = [];
    for (const form of forms) {
      await customer.refresh();
      const fixture = {
        productUid: customer.fixture.productUid,
        variantId: customer.fixture.variantId,
        addressId: customer.fixture.addressId,
        itemId: () => customer.fixture.itemId,
      };
      const url = validFormPath(form, fixture);
      for (const fields of formTemplates(form, fixture, true)) {
        const { response, written } = await wrote(changes, () =>
          customer.browser().call('POST', url, {
            headers: { ...FORM, 'sec-fetch-site': 'cross-site' },
            payload: urlencoded(fields),
          }),
        );
        if (response.statusCode !== 403)
          failures.push(`${url} ${JSON.stringify(fields).slice(0, 80)}: ${response.statusCode}`);
        if (written.length > 0) failures.push(`${url} wrote ${JSON.stringify(written)}`);
      }
    }
    record('form actions refusing cross-site posts', forms.length, 'forms');
    expect(failures).toEqual([]);
  });

  it('gives a new session id at sign-in whatever id the visitor came with, and ends it at sign-out', async () => {
    const owner = await newAccount(new TestBrowser(harness.app));
    const other = await newAccount(new TestBrowser(harness.app));
    const isValid = async (token: string) =>
      (
        await harness.app.inject({
          method: 'POST',
          url: '/api/customers/validate-session',
          cookies: { piste_session: token, 'XSRF-TOKEN': XSRF },
          headers: { 'x-xsrf-token': XSRF },
        })
      ).json().data.is_valid as boolean;

    // An id an attacker planted (well-formed, unknown) is never adopted.
    const planted = 'A'.repeat(43);
    const victim = new TestBrowser(harness.app);
    victim.cookies.set('piste_session', planted);
    await victim.signIn(owner.email, FIXTURE_PASSWORD);
    expect(victim.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(victim.session).not.toBe(planted);
    expect(await isValid(planted)).toBe(false);

    // Signing in again, as someone else, replaces the session; the old id no longer opens anything.
    const first = victim.session!;
    await victim.signIn(other.email, FIXTURE_PASSWORD);
    expect(victim.session).not.toBe(first);
    expect(await isValid(first)).toBe(false);
    expect(await isValid(victim.session!)).toBe(true);

    // The sign-in page's form rotates it the same way.
    const beforeForm = victim.session!;
    const viaForm = await victim.call('POST', '/en-us/account?index', {
      headers: FORM,
      payload: urlencoded({ intent: 'signin', email: owner.email, password: FIXTURE_PASSWORD }),
    });
    expect(viaForm.statusCode).toBe(302);
    expect(victim.session).not.toBe(beforeForm);
    expect(await isValid(beforeForm)).toBe(false);

    // Signing out ends the session on the server, not just in the browser.
    const last = victim.session!;
    expect((await victim.post('/api/customers/logout')).statusCode).toBe(204);
    expect(victim.session).toBeUndefined();
    expect(await isValid(last)).toBe(false);
  });

  it('ends the other sessions of an account when its password changes', async () => {
    const phone = new TestBrowser(harness.app);
    const laptop = new TestBrowser(harness.app);
    const account = await newAccount(phone);
    await laptop.signIn(account.email, FIXTURE_PASSWORD);
    const changed = await phone.put(`/api/customers/${account.id}`, {
      new_password: 'another long passphrase',
      current_password: FIXTURE_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await laptop.post('/api/customers/validate-session')).json().data.is_valid).toBe(false);
    expect((await phone.post('/api/customers/validate-session')).json().data.is_valid).toBe(true);
  });

  it('sets each cookie HttpOnly, SameSite and Secure as designed', async () => {
    const overHttps = { 'x-forwarded-proto': 'https' };
    for (const headers of [{}, overHttps]) {
      const secure = headers === overHttps;
      const browser = new TestBrowser(harness.app);
      const page = await browser.get('/en-us/p/summit-pro-binding?utm_source=reliability', { headers });
      const { productId: product_id, variantId: variant_id } = customer.fixture;
      const cart = await browser.post(
        '/api/cart/create',
        { line_items: [{ product_id, variant_id, quantity: 1 }] },
        { headers },
      );
      const email = `cookies.${randomUUID().slice(0, 8)}@example.com`;
      const signup = await browser.post(
        '/api/customers/create',
        { email, password: FIXTURE_PASSWORD, first_name: 'Cookie', last_name: 'Jar' },
        { headers },
      );
      const country = await browser.call('POST', '/en-us/country', {
        headers: { ...FORM, ...headers },
        payload: 'locale=de-de',
      });
      const consent = await browser.call('POST', '/en-us/consent', {
        headers: { ...FORM, ...headers },
        payload: 'decision=reject',
      });
      const expected: [LightMyRequestResponse, string, boolean][] = [
        // Readable by the page's script, which echoes it in the X-XSRF-TOKEN header; handed out by
        // the API (pages a CDN shares set no cookie: decision 029-a).
        [await harness.app.inject({ url: '/api/shopper?locale=en-us', headers }), 'XSRF-TOKEN', false],
        [page, 'piste_utm', true],
        [cart, 'piste_cart', true],
        [signup, 'piste_session', true],
        [country, 'piste_locale', true],
        // Not HttpOnly on purpose: tags in the container read the choice (docs/analytics.md).
        [consent, 'piste_consent', false],
      ];
      for (const [response, name, httpOnly] of expected) {
        const cookie = cookieNamed(response, name);
        expect(cookie, `${name} set`).toBeDefined();
        expect({
          name,
          httpOnly: cookie!.httpOnly === true,
          sameSite: cookie!.sameSite,
          secure: cookie!.secure === true,
          path: cookie!.path,
        }).toEqual({
          name,
          httpOnly,
          sameSite: 'Lax',
          secure,
          path: '/',
        });
      }
      record(`cookies checked over ${secure ? 'HTTPS' : 'HTTP'}`, expected.length, 'cookies');
    }
  });

  it('engages the sign-in and sign-up rate limits, at both doors, and a refused attempt writes nothing', async () => {
    const account = await newAccount(new TestBrowser(harness.app));
    // login-account: five failures, from five addresses, then the right password is refused too.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await new TestBrowser(harness.app).post('/api/customers/login', {
        email: account.email,
        pw: 'wrong password',
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await new TestBrowser(harness.app).post('/api/customers/login', {
      email: account.email,
      pw: FIXTURE_PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    const viaPage = await new TestBrowser(harness.app).call('POST', '/en-us/account?index', {
      headers: FORM,
      payload: urlencoded({ intent: 'signin', email: account.email, password: FIXTURE_PASSWORD }),
    });
    expect(viaPage.statusCode).toBe(429);

    // login-ip: thirty attempts from one address, whatever the accounts.
    const crawler = new TestBrowser(harness.app);
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const response = await crawler.post('/api/customers/login', {
        email: `nobody${attempt}@example.com`,
        pw: 'guess',
      });
      expect(response.statusCode).toBe(401);
    }
    expect(
      (await crawler.post('/api/customers/login', { email: 'nobody31@example.com', pw: 'guess' })).statusCode,
    ).toBe(429);

    // signup-ip: ten accounts an hour from one address; the eleventh is refused before it is made.
    const farm = new TestBrowser(harness.app);
    const signUp = (index: number) =>
      farm.post('/api/customers/create', {
        email: `farm${index}.${randomUUID().slice(0, 6)}@example.com`,
        password: FIXTURE_PASSWORD,
        first_name: 'Farm',
        last_name: String(index),
      });
    for (let index = 1; index <= 10; index += 1) expect((await signUp(index)).statusCode).toBe(201);
    const { response: refused, written } = await wrote(changes, () => signUp(11));
    expect(refused.statusCode).toBe(429);
    expect(written).toEqual([]);
    // Signed out (a signed-in visitor is sent to their account), from the same address.
    const viaForm = await wrote(changes, () =>
      new TestBrowser(harness.app, { ip: farm.ip }).call('POST', '/en-us/account/create', {
        headers: FORM,
        payload: urlencoded({
          first_name: 'Farm',
          last_name: '12',
          email: `farm12.${randomUUID().slice(0, 6)}@example.com`,
          password: FIXTURE_PASSWORD,
        }),
      }),
    );
    expect(viaForm.response.statusCode).toBe(429);
    expect(viaForm.written).toEqual([]);
    record('rate limits engaged', 4, 'limits');
  });

  it('answers an order only to the session that placed it, whoever else sends its Idempotency-Key', async () => {
    const { productId: product_id, variantId: variant_id } = customer.fixture;
    const line = { product_id, variant_id, quantity: 1 };
    const victim = new TestBrowser(harness.app);
    const email = `victim.${randomUUID().slice(0, 8)}@example.com`;
    const placed = await checkOut(victim, [line], { email });
    expect(placed.response.statusCode, placed.response.body).toBe(201);
    const order = placed.response.json().data as { id: number };

    // A visitor and a signed-in customer, each with a cart of their own, replay the victim's key
    // on the victim's (ordered) cart, on their own cart and on a cart id that does not exist.
    const visitor = new TestBrowser(harness.app);
    const signedIn = new TestBrowser(harness.app);
    await newAccount(signedIn);
    const body = {
      email: 'mallory@example.com',
      shipping_address: US_ADDRESS,
      shipping_method_id: placed.quote.shipping.id,
      payment: { intent_id: 'pi_test_mallory' },
    };
    let replays = 0;
    for (const attacker of [visitor, signedIn]) {
      const own = await attacker.post('/api/cart/create', { line_items: [line] });
      expect(own.statusCode, own.body).toBe(201);
      for (const cartId of [placed.cartId, own.json().data.id as string, randomUUID()]) {
        const replay = await attacker.post(`/api/cart/${cartId}/checkout`, body, {
          headers: { 'idempotency-key': placed.key },
        });
        replays += 1;
        expect([404, 409], replay.body).toContain(replay.statusCode);
        expect(replay.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
        expect(replay.body).not.toContain(email);
        expect(replay.body).not.toContain(US_ADDRESS.street_1);
        expect(replay.body).not.toMatch(new RegExp(`\\b${order.id}\\b`));
      }
    }
    // The session that placed it still gets its order back.
    const own = await victim.post(
      `/api/cart/${placed.cartId}/checkout`,
      { ...body, email },
      { headers: { 'idempotency-key': placed.key } },
    );
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().data.id).toBe(order.id);

    // A key short enough to guess is refused before anything is looked up.
    const cart = await visitor.post('/api/cart/create', { line_items: [line] });
    for (const key of ['abcdefgh', 'order-12345678', 'x'.repeat(100)]) {
      const guessable = await visitor.post(`/api/cart/${cart.json().data.id}/checkout`, body, {
        headers: { 'idempotency-key': key },
      });
      expect(guessable.statusCode, guessable.body).toBe(400);
      expect(guessable.json().error.message).toContain('Idempotency-Key');
    }
    record('replays of another shopper’s Idempotency-Key refused', replays, 'requests');
  });

  it('never redirects off the site, whatever target a form or link carries', async () => {
    const failures: string[] = [];
    const check = (where: string, target: string, response: LightMyRequestResponse) => {
      const location = response.headers.location;
      if (response.statusCode >= 500) failures.push(`${where} ${JSON.stringify(target)}: ${response.statusCode}`);
      if (typeof location === 'string' && !staysOnSite(location))
        failures.push(`${where} ${JSON.stringify(target)} → ${location}`);
    };
    const owner = await newAccount(new TestBrowser(harness.app));
    let attempts = 0;
    for (const target of OFF_SITE_TARGETS) {
      attempts += 1;
      const signedIn = new TestBrowser(harness.app);
      await signedIn.signIn(owner.email, FIXTURE_PASSWORD);
      const bclogin = await signedIn.post('/api/customers/bclogin', { id: owner.id, redirect: target });
      const redirectUrl = bclogin.statusCode === 200 ? (bclogin.json().data.redirect_url as string) : null;
      if (redirectUrl !== null && !staysOnSite(redirectUrl))
        failures.push(`bclogin ${JSON.stringify(target)} → ${redirectUrl}`);
      if (bclogin.statusCode !== 200 && bclogin.statusCode !== 400)
        failures.push(`bclogin ${JSON.stringify(target)}: ${bclogin.statusCode}`);

      const visitor = new TestBrowser(harness.app);
      const form = (url: string, fields: Record<string, string>) =>
        visitor.call('POST', url, { headers: FORM, payload: urlencoded(fields) });
      check(
        'sign-in redirect',
        target,
        await form('/en-us/account?index', {
          intent: 'signin',
          email: owner.email,
          password: FIXTURE_PASSWORD,
          redirect: target,
        }),
      );
      check('consent returnTo', target, await form('/en-us/consent', { decision: 'accept', returnTo: target }));
      check('country path', target, await form('/en-us/country', { locale: 'fr-fr', path: target }));
      check(
        'newsletter returnTo',
        target,
        await form('/en-us/email-signup', { email: 'x@example.com', returnTo: target }),
      );
      const raw = target.replace(/[\s?#]/g, encodeURIComponent);
      check('page path', target, await visitor.get(raw.startsWith('/') ? raw : `/${raw}`));
      check('sign-in page', target, await visitor.get(`/en-us/account?redirect=${encodeURIComponent(target)}`));
    }
    // An account's sign-up door too, one account per address to stay under its limit.
    for (const target of OFF_SITE_TARGETS.slice(0, 6)) {
      const response = await new TestBrowser(harness.app).call('POST', '/en-us/account/create', {
        headers: FORM,
        payload: urlencoded({
          first_name: 'Re',
          last_name: 'Direct',
          email: `redirect.${randomUUID().slice(0, 8)}@example.com`,
          password: FIXTURE_PASSWORD,
          redirect: target,
        }),
      });
      check('sign-up redirect', target, response);
    }
    record('open-redirect targets tried', attempts, 'targets');
    expect(failures).toEqual([]);
  });

  it('neither breaks a page nor writes a hostile Host header into its links', async () => {
    for (const host of ['evil.example', 'user@evil.example', 'evil.example:1/x?y#z', 'evil example']) {
      for (const headers of [{ host }, { 'x-forwarded-host': host }]) {
        const response = await harness.app.inject({ url: '/en-us/p/summit-pro-binding', headers });
        expect(response.statusCode, `${JSON.stringify(headers)}`).toBe(200);
        expect(response.body).not.toContain('evil.example');
      }
    }
  });

  it('sends the security headers on pages, API answers and errors', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const page = await harness.app.inject({ url: '/en-us/p/summit-pro-binding', headers: https });
    const api = await harness.app.inject({ url: '/api/products?limit=1', headers: https });
    const apiError = await harness.app.inject({ url: '/api/nothing-here', headers: https });
    const missingPage = await harness.app.inject({ url: '/en-us/nothing-here', headers: https });
    const overHttp = await harness.app.inject({ url: '/en-us/p/summit-pro-binding' });
    for (const [name, response] of Object.entries({ page, api, apiError, missingPage })) {
      expect(response.headers, name).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin-allow-popups',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-request-id': expect.any(String),
      });
      expect(response.headers['x-powered-by'], name).toBeUndefined();
      expect(String(response.headers['content-security-policy']), name).toContain("frame-ancestors 'none'");
    }
    for (const response of [page, missingPage]) {
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+[ ;]/);
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'self'");
    }
    expect(String(api.headers['content-security-policy'])).toContain("default-src 'none'");
    // HSTS only over HTTPS: over plain HTTP a browser would ignore it, and on localhost it would pin HTTPS.
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    record('answers checked for security headers', 5, 'answers');
  });

  it('blocks the blocklists’ URLs, user agents and addresses before anything runs, and never internal addresses', async () => {
    const blockedUrls = [
      '/wp-login.php',
      '/en-us/wp-admin/',
      '/xmlrpc.php',
      '/en-us/search?q=1%20OR%20sleep(5)',
      '/en-us/search?q=UNION%20SELECT%28password%29',
      '/en-us/search?q=SELECT%2528password%2529',
      '/api/products?sku=backup-wp',
    ];
    const scanners = [
      'sqlmap/1.7.2#stable',
      'Mozilla/5.0 (compatible; Nikto/2.5.0)',
      'Mozilla/5.0 zgrab/0.x',
      'Fuzz Faster U Fool v2.1.0',
    ];
    const failures: string[] = [];
    const expectBlocked = async (what: string, send: () => Promise<LightMyRequestResponse>) => {
      const { response, written } = await wrote(changes, send);
      if (response.statusCode !== 403 || response.json().error?.code !== 'FORBIDDEN')
        failures.push(`${what}: ${response.statusCode}`);
      if (response.cookies.length > 0) failures.push(`${what} set cookies`);
      if (written.length > 0) failures.push(`${what} wrote ${JSON.stringify(written)}`);
    };
    for (const url of blockedUrls)
      await expectBlocked(url, () => harness.app.inject({ url, remoteAddress: PUBLIC_IP }));
    for (const agent of scanners) {
      await expectBlocked(agent, () =>
        harness.app.inject({ url: '/en-us/', headers: { 'user-agent': agent }, remoteAddress: PUBLIC_IP }),
      );
    }
    // A mutating call from a blocked address changes nothing, even with a valid body and token.
    const { productId: product_id, variantId: variant_id } = customer.fixture;
    await expectBlocked('POST from a blocked address', () =>
      harness.app.inject({
        method: 'POST',
        url: '/api/cart/create',
        payload: { line_items: [{ product_id, variant_id, quantity: 1 }] },
        headers: { 'x-xsrf-token': XSRF },
        cookies: { 'XSRF-TOKEN': XSRF },
        remoteAddress: '198.51.100.7',
      }),
    );
    await expectBlocked('a blocked address behind the proxy', () =>
      harness.app.inject({ url: '/en-us/', headers: { 'x-forwarded-for': '198.51.100.8' }, remoteAddress: '10.0.0.2' }),
    );
    // The same visitor on an ordinary page, and an internal address on a blocked URL, pass.
    expect(
      (await harness.app.inject({ url: '/en-us/p/summit-pro-binding', remoteAddress: PUBLIC_IP })).statusCode,
    ).toBe(200);
    expect((await harness.app.inject({ url: '/wp-login.php', remoteAddress: '127.0.0.1' })).statusCode).not.toBe(403);
    record('blocklist patterns tried', blockedUrls.length + scanners.length + 2, 'requests');
    expect(failures).toEqual([]);
  });

  /** Publishes a content entry with some fields replaced, as an editor would. */
  async function publishWith(contentTypeUid: string, uid: string, fields: Record<string, unknown>) {
    const [entry] = await queryRows<{ document: Record<string, unknown> }>(
      harness.database.db,
      sql`select document from content_entries where content_type_uid = ${contentTypeUid} and uid = ${uid} and locale = 'en-us'`,
    );
    await publishContent(harness.database.db, {
      entries: [{ contentTypeUid, uid, locale: 'en-us', document: { ...entry!.document, ...fields } }],
    });
  }

  /**
   * Plants one round's payloads and answers the pages that show them: whose session opens them,
   * whether a payload must show (the 404 page does not echo its path), and whether fast mode
   * opens them in Chromium too (the full run opens every one).
   */
  async function plantPayloads(payloads: Record<XssSink, string>) {
    const victim = new TestBrowser(harness.app);
    const email = `xss.${randomUUID().slice(0, 8)}@example.com`;
    const created = await victim.post('/api/customers/create', {
      email,
      password: FIXTURE_PASSWORD,
      first_name: payloads['customer first name'],
      last_name: payloads['customer last name'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const customerId = created.json().data.id as number;
    const address = await victim.post(`/api/customers/${customerId}/addresses`, {
      first_name: 'Tessa',
      last_name: 'Calloway',
      company: payloads['address company'],
      address1: payloads['address line 1'],
      city: payloads['address city'],
      state_or_province: 'UT',
      postal_code: '84115',
      country_code: 'US',
    });
    expect(address.statusCode, address.body).toBe(201);
    const { productId: product_id, variantId: variant_id } = customer.fixture;
    const placed = await checkOut(victim, [{ product_id, variant_id, quantity: 1 }], {
      email,
      address: {
        ...US_ADDRESS,
        first_name: payloads['order shipping first name'],
        street_1: payloads['order shipping street'],
      },
    });
    expect(placed.response.statusCode, placed.response.body).toBe(201);
    const orderId = placed.response.json().data.id as number;

    await publishWith('product', 'summit-pro-binding', {
      title: payloads['product title (content)'],
      display_title: payloads['product title (content)'],
      tagline: payloads['product tagline (content)'],
      description: payloads['product description (content)'],
    });
    const richText = payloads['blog post body (content rich text)'];
    await publishWith('blog', BLOG_POST, {
      title: payloads['blog post title (content)'],
      body: `<p>${richText}</p><p><a href="/en-us/stores">${richText}</a></p>`,
    });

    const session = victim.session!;
    const page = (url: string, mine: boolean, inBrowser: boolean, shows = true) => ({
      url,
      session: mine ? session : null,
      shows,
      inBrowser: inBrowser || reliabilityMode === 'full',
    });
    return [
      page('/en-us/account', true, false),
      page('/en-us/account/profile', true, false),
      page('/en-us/account/addresses', true, true),
      page(`/en-us/account/orders/${orderId}`, true, true),
      page(`/en-us/checkout/confirmation/${orderId}`, true, false),
      page(`/en-us/search?q=${encodeURIComponent(payloads['search query'])}`, false, true),
      page(`/en-us/${percentEncode(payloads['unknown page path'])}`, false, false, false),
      page(`/en-us/account?redirect=${encodeURIComponent(`/${payloads['sign-in redirect parameter']}`)}`, false, false),
      page('/en-us/p/summit-pro-binding', false, true),
      page(`/en-us/blog/p/${BLOG_POST}`, false, true),
    ];
  }

  /**
   * Stored and reflected script injection: payloads go where shoppers and editors can put text,
   * then each page that shows it is rendered by the app and opened in Chromium. The answer must
   * never hold a payload verbatim, and in the browser none may run. Once, on PGlite: the
   * database plays no part in how a page escapes.
   */
  it.runIf(kind.name === 'pglite')(
    'keeps every script-injection payload inert on every page that shows it',
    async () => {
      await harness.app.listen({ port: PORT, host: '127.0.0.1' });
      const chromium = await launchChromium();
      try {
        const rounds = bySize(1, XSS_PAYLOADS.length);
        const failures: string[] = [];
        let pagesOpened = 0;
        for (let round = 0; round < rounds; round += 1) {
          const payloads = payloadsForRound(round);
          const pages = await plantPayloads(payloads);
          const visitor = await chromium.newContext();
          const victim = await chromium.newContext();
          await victim.addCookies([
            { name: 'piste_session', value: pages[0]!.session!, domain: '127.0.0.1', path: '/' },
          ]);
          for (const { url, session, shows, inBrowser } of pages) {
            const answer = await harness.app.inject({ url, cookies: session ? { piste_session: session } : {} });
            if (answer.statusCode >= 500) failures.push(`${url}: ${answer.statusCode}`);
            for (const payload of Object.values(payloads)) {
              if (payload.includes('<') && answer.body.includes(payload))
                failures.push(`${url} holds ${JSON.stringify(payload)} verbatim`);
            }
            if (!inBrowser) continue;
            const problems = await payloadProblems(session ? victim : visitor, `http://127.0.0.1:${PORT}${url}`, {
              shows,
            });
            pagesOpened += 1;
            failures.push(...problems.map((problem) => `round ${round} ${url}: ${problem}`));
          }
          await visitor.close();
          await victim.close();
        }
        record('script-injection payloads', XSS_PAYLOADS.length, 'payloads');
        record('payload placements (payload × place)', rounds * XSS_SINKS.length, 'placements');
        record('pages opened in Chromium', pagesOpened, 'pages');
        expect(failures).toEqual([]);
      } finally {
        await chromium.close();
      }
    },
  );
});

/**
 * Every call that tells a visitor whether a password is right (spec §7 `customers/login`,
 * `customers/validate`) asks the same bot check, before it counts or checks anything: a
 * script without a fresh proof of work learns nothing, and cannot lock the account either.
 */
describe.each(testDatabaseKinds())('bot check of the password oracles on $name', (kind) => {
  let harness: Awaited<ReturnType<typeof createSeededApiApp>>;
  let changes: DatabaseChanges;

  beforeAll(async () => {
    harness = await createSeededApiApp(kind, ALTCHA);
    changes = await watchDatabaseChanges(harness.database.db);
  });
  afterAll(() => harness?.close());

  /** A token earned the way the widget earns it: a challenge for the action, solved. */
  async function tokenFor(action: string): Promise<string> {
    const challenge = await harness.app.inject({ url: `/api/bot-protection/challenge?action=${action}` });
    expect(challenge.statusCode, challenge.body).toBe(200);
    return solvedToken(challenge.json());
  }

  const ORACLES = [
    { url: '/api/customers/login', body: (email: string, pw: string) => ({ email, pw }) },
    { url: '/api/customers/validate', body: (email: string, pw: string) => ({ customer: email, pw }) },
  ];

  it('refuses a password check without a fresh login token, right password or not, and never locks the owner out', async () => {
    const email = `oracle.${randomUUID().slice(0, 8)}@example.com`;
    const created = await new TestBrowser(harness.app).post(
      '/api/customers/create',
      { email, password: FIXTURE_PASSWORD, first_name: 'Web', last_name: 'Sec' },
      { headers: { 'x-bot-token': await tokenFor('signup') } },
    );
    expect(created.statusCode, created.body).toBe(201);
    const customerId = String(created.json().data.id);
    const spent = await tokenFor('login');
    const first = await new TestBrowser(harness.app).post(
      '/api/customers/login',
      { email, pw: FIXTURE_PASSWORD },
      {
        headers: { 'x-bot-token': spent },
      },
    );
    expect(first.statusCode, first.body).toBe(200);

    const forgeries: { name: string; headers: Record<string, string> }[] = [
      { name: 'no token', headers: {} },
      { name: 'a made-up token', headers: { 'x-bot-token': Buffer.from('{"challenge":{}}').toString('base64') } },
      { name: 'a token for another action', headers: { 'x-bot-token': await tokenFor('password_reset') } },
      { name: 'a spent login token', headers: { 'x-bot-token': spent } },
    ];
    const guesses = bySize(10, 50);
    let refused = 0;
    for (const oracle of ORACLES) {
      for (let attempt = 0; attempt < guesses + forgeries.length; attempt += 1) {
        const forgery = forgeries[attempt % forgeries.length]!;
        // The last round tries the right password: it must be refused just the same.
        const pw = attempt >= guesses ? FIXTURE_PASSWORD : `guess number ${attempt}`;
        const { response, written } = await wrote(changes, () =>
          new TestBrowser(harness.app).post(oracle.url, oracle.body(email, pw), { headers: forgery.headers }),
        );
        const label = `${oracle.url} with ${forgery.name}: ${response.body}`;
        expect(response.statusCode, label).toBe(403);
        expect(response.json(), label).toEqual({ error: { code: 'BOT_CHECK_FAILED', message: expect.any(String) } });
        expect(response.body, label).not.toContain(customerId);
        expect(cookieNamed(response, 'piste_session'), label).toBeUndefined();
        expect(written, label).toEqual([]);
        refused += 1;
      }
    }
    // None of it counted against the account: the owner, with a fresh token, gets in at once.
    for (const oracle of ORACLES) {
      const owner = await new TestBrowser(harness.app).post(oracle.url, oracle.body(email, FIXTURE_PASSWORD), {
        headers: { 'x-bot-token': await tokenFor('login') },
      });
      expect(owner.statusCode, `${oracle.url}: ${owner.body}`).toBe(200);
    }
    recordFigure(SECTION, `password checks refused without a fresh login token (${kind.name})`, refused, 'requests');
  });
});
