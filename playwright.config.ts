import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { FAKE_STORE_HASH, fakeStoreEnvironment } from './packages/bigcommerce-fake/src/demo-store';

/**
 * e2e runs the production build on a free port with a fresh PGlite database. The config is
 * evaluated again in each worker, so the port and data folder are chosen once and passed on
 * through the environment.
 */
function freePort(): string {
  const probe = spawnSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ]);
  return probe.stdout.toString().trim();
}
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'piste-e2e-'));
// The test payment provider's own origin, a second listener of the same shop (docs/checkout.md
// 'Payments'): a free port of its own, as PORT + 1 may be taken.
process.env.E2E_TEST_PAYMENTS_PORT ??= freePort();
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
/**
 * The BigCommerce journeys (e2e/bigcommerce): the BigCommerce stand-in, and a second shop on its
 * own port and data folder with COMMERCE_PROVIDER=bigcommerce pointed at it.
 */
process.env.E2E_FAKE_PORT ??= freePort();
process.env.E2E_BIGCOMMERCE_PORT ??= freePort();
process.env.E2E_BIGCOMMERCE_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'piste-e2e-bigcommerce-'));
const fakeURL = `http://127.0.0.1:${process.env.E2E_FAKE_PORT}`;
const bigCommerceURL = `http://127.0.0.1:${process.env.E2E_BIGCOMMERCE_PORT}`;

/** What both shops under test share. */
const shopEnvironment = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // A container id asks for cookie consent and, once given, turns analytics on, so the
  // journeys can check the data-layer events (e2e/consent.ts gives that consent).
  TAG_MANAGER_ID: 'GTM-PISTE2E',
  // The account journeys read the reset link from the outbox, as a developer would.
  MAIL_VIEWER: 'true',
  // Each account journey comes from its own X-Forwarded-For address, so the per-IP sign-up
  // and sign-in limits hold as in production without the suite tripping them.
  TRUST_PROXY: 'true',
  // The real ALTCHA check guards the journeys' forms, with a small proof of work so the
  // suite's many sign-ins and checkouts do not spend minutes hashing.
  // A test may say where its browser is with Cloudflare's header, as a CDN in front would.
  GEO_COUNTRY_HEADERS: 'cf-ipcountry',
  BOT_PROTECTION: 'altcha',
  ALTCHA_MAX_COUNTER: '40',
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // On CI a journey that fails once is tried again and reported as flaky, not passed: a run
  // there shares two cores with everything else, and one such failure would hold back all the rest.
  retries: process.env.CI ? 1 : 0,
  // The checkout and account journeys take 15–20 s on an idle 2-core machine; two workers, the
  // server and Chromium share those cores, so a journey gets twice the default before it fails.
  timeout: 60_000,
  // For the same reason an assertion waits up to 15 s rather than 5: a form's answer or content
  // loaded after hydration can take longer than 5 s late in a run on those shared cores.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // The journeys never reach the internet: any other host fails at once (the tag manager's
        // script is answered by e2e/console-errors.ts before it would get here).
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      testIgnore: ['bigcommerce/**', 'admin/**'],
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      // What does not change with the screen runs once, on desktop, which keeps the suite within
      // its time: structured data, redirects, the bot check, the country suggestion, the
      // script policy, prices as each region writes them, and the rules behind the checkout's
      // payment and address book and the account's pro and employee prices. The phone's own
      // checkout, account, cart and pro journeys stay here.
      testIgnore: [
        'seo.spec.ts',
        'bot-check.spec.ts',
        'country.spec.ts',
        'content-security-policy.spec.ts',
        'regional-prices.spec.ts',
        'checkout-payment.spec.ts',
        'checkout-address-book.spec.ts',
        'accounts-spec-rules.spec.ts',
        'bigcommerce/**',
        'admin/**',
      ],
    },
    {
      // The back office (e2e/admin): a merchant's desktop at 1440 px, against the default shop,
      // each journey leaving screenshots in e2e/admin/screenshots/ to look at.
      name: 'admin',
      testMatch: ['admin/**/*.spec.ts'],
      // After the shopper journeys: a merchant's sale or sold-out variant would surprise a shopper
      // journey on the same shop while it lasts. `--no-deps` runs these alone.
      dependencies: ['desktop', 'mobile'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      // The same shop with BigCommerce keeping commerce (docs/providers/bigcommerce.md): desktop only.
      name: 'bigcommerce',
      // Its own journeys (the hosted checkout, the pro hand-over), and the catalogue, cart and
      // account journeys once more: the shopper sees the same pages on either provider. Ordering
      // through our own checkout is the embedded engine's alone.
      testMatch: ['bigcommerce/**/*.spec.ts', 'catalogue.spec.ts', 'cart.spec.ts', 'accounts.spec.ts'],
      grepInvert: /finds the order in the account/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, baseURL: bigCommerceURL },
    },
  ],
  webServer: [
    {
      // The back-office journeys sign in as staff of each role, created on the fresh database first.
      command: 'npx tsx e2e/admin/create-staff.ts && node scripts/start.mjs',
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        ...shopEnvironment,
        PORT: process.env.E2E_PORT,
        TEST_PAYMENTS_PORT: process.env.E2E_TEST_PAYMENTS_PORT,
        DATA_DIR: process.env.E2E_DATA_DIR,
        // Canonical URLs, JSON-LD, share links and email links name the server the tests reach.
        PUBLIC_URL: baseURL,
        // The back office's content journey opens a draft on the shop through a signed preview link.
        PREVIEW_SECRET: 'e2e-preview-secret-of-at-least-32-characters',
      },
    },
    {
      command: 'npm -w @piste/bigcommerce-fake start',
      // Up once its API answers: without a token, with BigCommerce's 401.
      url: `${fakeURL}/stores/${FAKE_STORE_HASH}/v3/catalog/products`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { BIGCOMMERCE_FAKE_PORT: process.env.E2E_FAKE_PORT, BIGCOMMERCE_STOREFRONT_URL: fakeURL },
    },
    {
      command: 'node scripts/start.mjs',
      url: `${bigCommerceURL}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        ...shopEnvironment,
        ...fakeStoreEnvironment(fakeURL),
        PORT: process.env.E2E_BIGCOMMERCE_PORT,
        DATA_DIR: process.env.E2E_BIGCOMMERCE_DATA_DIR,
        PUBLIC_URL: bigCommerceURL,
      },
    },
  ],
});
