import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  commerceSchema,
  createCartService,
  createCheckoutService,
  createProductFactsReader,
  createShippingService,
  createTaxService,
  createTestPaymentProvider,
  resolveCommerceRegion,
} from '@piste/commerce/server';
import type { ProductFactsReader } from '@piste/commerce';
import { createContentStore } from '@piste/content/server';
import { notifySearchChange, openDatabase, queryRows, type Database } from '@piste/db';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { createSearchEngine, type SearchEngine } from '../engine/search-engine';
import type { ResultField } from '../app-search-types';
import { CONTENT_KEYS, createDemoContentClient, createDemoDatabase } from '../../test/indexing-test-support.server';
import { createSearchIndexSync, type SearchIndexSync } from './search-sync.server';

const { products, variants } = commerceSchema;
const LOCALES = ['en-us', 'de'];
/** Notifications are gathered this long before the index acts on them. */
const DEBOUNCE_MS = 20;
/** How long a change may take to show (polled): a full rebuild on a busy test machine. */
const SOON = { timeout: 10_000 };
const DELIVERED_ONLY_FIELDS = new Set(['uid', 'locale', 'created_at', 'updated_at', '_version', 'publish_details']);

describe.each(testDatabaseKinds())('search index sync on $name', (kind) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let engine: SearchEngine;
  let sync: SearchIndexSync;
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

  function startSync(
    on: Database,
    target: SearchEngine,
    productFacts: ProductFactsReader = createProductFactsReader(on.db),
  ): SearchIndexSync {
    return createSearchIndexSync({
      database: on,
      engine: target,
      productFacts,
      content: { client: createDemoContentClient(on.db), keys: CONTENT_KEYS },
      logger,
      locales: LOCALES,
      debounceMs: DEBOUNCE_MS,
    });
  }

  beforeAll(async () => {
    testDatabase = await createDemoDatabase(kind);
    database = testDatabase.database;
    engine = createSearchEngine({ name: 'piste' });
    sync = startSync(database, engine);
    await sync.start();
  });
  afterAll(async () => {
    await sync?.stop();
    await testDatabase?.dispose();
  });

  /** An indexed document as a search for it answers: its fields' raw values. */
  function indexed(target: SearchEngine, id: string): Record<string, unknown> | undefined {
    const [result] = target.search({ query: '', filters: { all: [{ id }] } }).results;
    if (!result) return undefined;
    const { _meta, ...fields } = result;
    return Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, (value as ResultField).raw]));
  }

  async function productIdOf(uid: string): Promise<number> {
    const [row] = await database.db.select({ id: products.id }).from(products).where(eq(products.uid, uid));
    return row!.id;
  }

  it('builds the whole index at start and says how long it took', () => {
    expect(sync.ready()).toBe(true);
    expect(engine.size).toBeGreaterThan(0);
    // Every demo product still sold: the discontinued one has no commerce half to find.
    expect(engine.documentIds().filter((id) => id.startsWith('product-') && id.endsWith('-de'))).toHaveLength(74);
    expect(logger.info).toHaveBeenCalledWith(
      '[search] Index built',
      expect.objectContaining({ documents: engine.size, ms: expect.any(Number) }),
    );
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('marks a product out of stock when a checkout sells its last units', async () => {
    const uid = 'vanta-mips-helmet';
    const productId = await productIdOf(uid);
    const variantRows = await database.db
      .select({ id: variants.id })
      .from(variants)
      .where(eq(variants.productId, productId))
      .orderBy(variants.id);
    const [lastOne, ...others] = variantRows.map((row) => row.id);
    // Only two units of one variant left, without telling the index: it still shows stock.
    await database.db.update(variants).set({ inventoryLevel: 0 }).where(eq(variants.productId, productId));
    await database.db.update(variants).set({ inventoryLevel: 2 }).where(eq(variants.id, lastOne!));
    expect(others.length).toBeGreaterThan(0);
    expect(indexed(engine, `product-${uid}-en-us`)?.in_stock).toBe('true');

    await placeOrder(database, { productId, variantId: lastOne!, quantity: 2 });

    await vi.waitFor(() => {
      expect(indexed(engine, `product-${uid}-en-us`)?.in_stock).toBe('false');
      expect(indexed(engine, `product-${uid}-de`)?.in_stock).toBe('false');
    }, SOON);
  });

  it('follows a price change and takes a hidden product out, all locales at once', async () => {
    const uid = 'orbit-mips-helmet';
    const productId = await productIdOf(uid);
    await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`update variant_prices set sale_price = 9995
            where region_id = 'us' and variant_id in (select id from variants where product_id = ${productId})`,
      );
      await notifySearchChange(tx, { products: [productId] });
    });
    await vi.waitFor(
      () => expect(indexed(engine, `product-${uid}-de`)).toMatchObject({ price_us: 9995, tags: ['sale'] }),
      SOON,
    );

    await database.db.transaction(async (tx) => {
      await tx.update(products).set({ isVisible: false }).where(eq(products.id, productId));
      await notifySearchChange(tx, { products: [productId] });
    });
    await vi.waitFor(() => expect(engine.documentIds().filter((id) => id.includes(`-${uid}-`))).toEqual([]), SOON);
  });

  it('shows a published content change: a product’s new title and a new support article', async () => {
    const store = createContentStore(database.db, { environment: CONTENT_KEYS.environment });
    const [drift] = await store.getEntries('product', ['drift-mips-helmet'], { locale: 'en-us', fallback: false });
    // The stored document is the delivered entry without the fields the store adds.
    const document = Object.fromEntries(Object.entries(drift!).filter(([field]) => !DELIVERED_ONLY_FIELDS.has(field)));
    await store.publish({
      entries: [
        {
          contentTypeUid: 'product',
          uid: 'drift-mips-helmet',
          locale: 'en-us',
          document: { ...document, title: 'Drift MIPS Helmet II' },
        },
        {
          contentTypeUid: 'support',
          uid: 'wax-your-board',
          locale: 'en-us',
          document: {
            title: 'How do I wax my board?',
            url: '/wax-your-board',
            topic: 'Care',
            summary: 'Hot wax every few days on snow.',
            body: '<p>Melt, drip, iron, scrape.</p>',
            regions: ['us'],
            tags: [],
          },
        },
      ],
    });
    await vi.waitFor(() => {
      expect(indexed(engine, 'product-drift-mips-helmet-en-us')?.title).toBe('Drift MIPS Helmet II');
      expect(indexed(engine, 'support-wax-your-board-en-us')).toMatchObject({
        url: '/support/wax-your-board',
        description: 'Melt, drip, iron, scrape.',
      });
    }, SOON);
  });

  it('follows an operator’s SQL, which sends no notification of its own: a sale price and a content title', async () => {
    const uid = 'summit-pro-binding';
    const productId = await productIdOf(uid);
    await database.db.execute(
      sql`update variant_prices set sale_price = 7777
          where region_id = 'us' and variant_id in (select id from variants where product_id = ${productId})`,
    );
    await database.db.execute(
      sql`update content_entries set document = jsonb_set(document, '{title}', '"Summit Pro Binding II"')
          where content_type_uid = 'product' and uid = ${uid} and locale = 'en-us'`,
    );
    await vi.waitFor(
      () =>
        expect(indexed(engine, `product-${uid}-en-us`)).toMatchObject({
          title: 'Summit Pro Binding II',
          price_us: 7777,
        }),
      SOON,
    );
  });

  it('re-reads the facts of products a commerce provider announces changed, from the provider', async () => {
    const uid = 'drift-mips-helmet';
    const productId = await productIdOf(uid);
    // A provider's price the database knows nothing of, as BigCommerce's catalogue would answer.
    let platformPrice: number | null = null;
    const readFacts = createProductFactsReader(database.db);
    const platformFacts: ProductFactsReader = async (ids) => {
      const facts = await readFacts(ids);
      const product = facts.get(productId);
      if (product && platformPrice !== null) product.prices.us = { minor: platformPrice, onSale: false };
      return facts;
    };
    const target = createSearchEngine({ name: 'piste' });
    const platformSync = startSync(database, target, platformFacts);
    try {
      await platformSync.start();
      platformPrice = 12_345;
      expect(indexed(target, `product-${uid}-en-us`)?.price_us).not.toBe(12_345);
      // As the shop announces a BigCommerce webhook's products (cache-clearing.ts).
      await notifySearchChange(database.db, { products: [productId] });
      await vi.waitFor(() => expect(indexed(target, `product-${uid}-en-us`)?.price_us).toBe(12_345), SOON);
    } finally {
      await platformSync.stop();
    }
  });

  it('logs an update that fails and does it with the next change', async () => {
    const inner = createSearchEngine({ name: 'piste' });
    let failures = 1;
    const flaky: SearchEngine = {
      name: inner.name,
      get size() {
        return inner.size;
      },
      replaceAll: (documents) => inner.replaceAll(documents),
      upsert(documents) {
        if (failures-- > 0) throw new Error('Index unavailable');
        inner.upsert(documents);
      },
      remove: (ids) => inner.remove(ids),
      documentIds: (predicate) => inner.documentIds(predicate),
      search: (body) => inner.search(body),
      multiSearch: (body) => inner.multiSearch(body),
      querySuggestion: (body) => inner.querySuggestion(body),
    };
    const flakySync = startSync(database, flaky);
    try {
      await flakySync.start();
      const [first, second] = [await productIdOf('cub-helmet'), await productIdOf('pika-junior-helmet')];
      const setPrice = (productId: number, price: number) =>
        database.db.transaction(async (tx) => {
          await tx.execute(
            sql`update variant_prices set price = ${price}
                where region_id = 'ca' and variant_id in (select id from variants where product_id = ${productId})`,
          );
          await notifySearchChange(tx, { products: [productId] });
        });

      await setPrice(first, 11_111);
      await vi.waitFor(
        () =>
          expect(logger.error).toHaveBeenCalledWith(
            expect.stringContaining('[search] Index update failed'),
            expect.objectContaining({ message: 'Index unavailable' }),
          ),
        SOON,
      );
      expect(indexed(inner, 'product-cub-helmet-en-us')?.price_ca).not.toBe(11_111);

      await setPrice(second, 22_222);
      await vi.waitFor(() => {
        expect(indexed(inner, 'product-cub-helmet-en-us')?.price_ca).toBe(11_111);
        expect(indexed(inner, 'product-pika-junior-helmet-en-us')?.price_ca).toBe(22_222);
      }, SOON);
    } finally {
      await flakySync.stop();
      logger.error.mockClear();
    }
  });

  it.runIf(kind.name === 'postgres')('hears changes another instance writes', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const [{ name }] = (await queryRows<{ name: string }>(database.db, sql`select current_database() as name`)) as [
      { name: string },
    ];
    url.pathname = `/${name}`;
    const otherInstance = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    const otherEngine = createSearchEngine({ name: 'piste' });
    const otherSync = startSync(otherInstance, otherEngine);
    try {
      await otherSync.start();
      const uid = 'aurora-mips-helmet';
      const productId = await productIdOf(uid);
      // Written through this instance's connection pool, heard by the other instance's listener.
      await database.db.transaction(async (tx) => {
        await tx
          .update(products)
          .set({ inventoryTracking: 'product', inventoryLevel: 0 })
          .where(eq(products.id, productId));
        await notifySearchChange(tx, { products: [productId] });
      });
      await vi.waitFor(() => expect(indexed(otherEngine, `product-${uid}-en-us`)?.in_stock).toBe('false'), SOON);
    } finally {
      await otherSync.stop();
      await otherInstance.close();
    }
  });
});

/** A guest checkout in the us store through the commerce services, as the cart and checkout routes do. */
async function placeOrder(database: Database, line: { productId: number; variantId: number; quantity: number }) {
  const { db } = database;
  const shopper = { region: resolveCommerceRegion('us') };
  const cart = createCartService(db, { imageUrl: (mediaId) => mediaId });
  const payments = createTestPaymentProvider(db, {
    webhookSecret: 'whsec_test_search_sync_000',
    testPaymentsUrl: 'http://localhost:3001',
  });
  const checkout = createCheckoutService(db, {
    cart,
    shipping: createShippingService(db),
    tax: createTaxService(db),
    payments,
    customers: { assertWithinSpendLimit: async () => {} },
    publicUrl: 'http://localhost',
  });
  const { session } = await cart.create(shopper, [
    { product_id: line.productId, variant_id: line.variantId, quantity: line.quantity },
  ]);
  const access = { secret: session.secret };
  const address = {
    first_name: 'Tessa',
    last_name: 'Calloway',
    street_1: '1450 South West Temple',
    city: 'Salt Lake City',
    state: 'UT',
    zip: '84115',
    country_iso2: 'US',
  };
  const quote = await checkout.quote(shopper, session.cartId, access, { country_iso2: 'US', state: 'UT' });
  const key = randomUUID();
  const { intentId } = await checkout.createPayment(
    shopper,
    session.cartId,
    access,
    { country_iso2: 'US', state: 'UT' },
    quote.shipping!.id,
    key,
  );
  await payments.confirmWithToken(intentId, 'pm_card_visa');
  await checkout.placeOrder(
    shopper,
    session.cartId,
    access,
    {
      email: 'tessa@example.com',
      shipping_address: address,
      shipping_method_id: quote.shipping!.id,
      payment: { intent_id: intentId },
    },
    key,
  );
}
