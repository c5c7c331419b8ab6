import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createContentStore, createDeliveryApi } from '@piste/content/server';
import { openDatabase, queryRows, type Database } from '@piste/db';
import { testDatabaseKinds } from '@piste/db/testing';
import { startHostedProviderStandIn, type HostedProviderStandIn } from '../../test/reliability/provider-faults';
import { buildTestApp, createSeededPagesApp } from '../../test/support/app-harness';

/**
 * Spec §9 cache policies, docs/content.md 'Cache policy': an editor's change shows on the next
 * page view of every instance, with the shipped defaults (no TTL settings in these tests).
 */
const PRODUCT = '/en-us/p/summit-pro-binding';
const EDITED_TITLE = 'Summit Pro Binding, Edited';
/** Another instance hears of a publish through Postgres's NOTIFY, a moment after it commits. */
const SOON = { timeout: 15_000, interval: 100 };

type App = Awaited<ReturnType<typeof buildTestApp>>;
const view = async (app: App, url = PRODUCT) => {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.body;
};
/** The page's title element, which shows the product's display title. */
const titleOf = async (app: App) => /<title>([^<]*)<\/title>/.exec(await view(app))?.[1];

const postgres = testDatabaseKinds().find((kind) => kind.name === 'postgres');

describe.runIf(postgres)('embedded content edited on one instance, viewed on another (Postgres)', () => {
  let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
  let otherDatabase: Database;
  let other: App;

  beforeAll(async () => {
    harness = await createSeededPagesApp({}, { kind: postgres! });
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const [row] = await queryRows<{ name: string }>(harness.database.db, sql`select current_database() as name`);
    url.pathname = `/${row!.name}`;
    otherDatabase = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    other = await buildTestApp(otherDatabase);
  }, 180_000);
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await harness?.close();
  });

  it('shows a product title published through the content store on the other instance’s next view', async () => {
    // The other instance has the page and its content in its caches.
    expect(await titleOf(other)).toBe('Summit Pro Binding | Piste');
    expect(await titleOf(other)).toBe('Summit Pro Binding | Piste');

    const { store } = harness.app.services.content;
    const [entry] = await queryRows<{ document: Record<string, unknown> }>(
      harness.database.db,
      sql`select document from content_entries
          where content_type_uid = 'product' and uid = 'summit-pro-binding' and locale = 'en-us'`,
    );
    await store.publish({
      entries: [
        {
          contentTypeUid: 'product',
          uid: 'summit-pro-binding',
          locale: 'en-us',
          document: { ...entry!.document, display_title: EDITED_TITLE },
        },
      ],
    });

    await vi.waitFor(async () => expect(await titleOf(other)).toBe(`${EDITED_TITLE} | Piste`), SOON);
    expect(await titleOf(harness.app)).toBe(`${EDITED_TITLE} | Piste`);
  });

  it('shows a header alert published on one instance on the other’s next view of another page', async () => {
    const home = '/en-us/c/goggles';
    expect((await view(other, home)).includes('Edited alert')).toBe(false);
    await harness.database.db.execute(
      sql`update content_entries set document = jsonb_set(document, '{message}', '"<p>Edited alert</p>"')
          where content_type_uid = 'top_alert' and locale = 'en-us'`,
    );
    await vi.waitFor(async () => expect((await view(other, home)).includes('Edited alert')).toBe(true), SOON);
  });
});

describe('content from a hosted stack, which this database never hears of', () => {
  let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
  let standIn: HostedProviderStandIn;
  /** The title the hosted stack answers for the product, as an editor there last published it. */
  let publishedTitle: string | null = null;

  beforeAll(async () => {
    let delivery: ReturnType<typeof createDeliveryApi> | null = null;
    // A hosted stack on loopback: the embedded delivery API, whose answers carry the editor's title.
    standIn = await startHostedProviderStandIn(async (request) => {
      const answer = await delivery!.handle(request);
      const text = await answer.text();
      const edited =
        publishedTitle === null ? text : text.replaceAll('"Summit Pro Binding"', JSON.stringify(publishedTitle));
      return new Response(edited, { status: answer.status, headers: { 'content-type': 'application/json' } });
    });
    harness = await createSeededPagesApp({ CONTENT_BASE_URL: `${standIn.url}/v3` });
    const keys = harness.app.services.content.keys;
    delivery = createDeliveryApi({ store: createContentStore(harness.database.db, keys), keys });
  });
  afterAll(async () => {
    await harness?.close();
    await standIn?.close();
  });

  it('reads content on every page view (spec §9 default: ignore the cache), so an edit shows on the next one', async () => {
    expect(await titleOf(harness.app)).toBe('Summit Pro Binding | Piste');
    expect(await titleOf(harness.app)).toBe('Summit Pro Binding | Piste');
    publishedTitle = EDITED_TITLE;
    expect(await titleOf(harness.app)).toBe(`${EDITED_TITLE} | Piste`);
  });
});
