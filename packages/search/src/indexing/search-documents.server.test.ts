import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSeedCatalogue } from '@piste/commerce/server';
import { CONTENT_LOCALES } from '@piste/core';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import type { SearchDocument } from '../search-document';
import { createProductFactsReader } from '@piste/commerce/server';
import { loadContentDocuments } from './content-documents.server';
import { CONTENT_KEYS, createDemoContentClient, createDemoDatabase } from '../../test/indexing-test-support.server';
import { buildProductDocuments, commerceIdsOf, readContentProducts } from './product-documents.server';
import { buildSearchDocuments } from './all-documents.server';
import { indexIntoHostedEngine } from '../hosted/hosted-documents.server';
import { startAppSearchStandIn } from '../../test/app-search-stand-in';

const source = { stack: CONTENT_KEYS.apiKey, environment: CONTENT_KEYS.environment };

describe.each(testDatabaseKinds())('search documents from the demo data on $name', (kind) => {
  let testDatabase: TestDatabase;
  let documents: SearchDocument[];
  const byId = (id: string) => documents.find((document) => document.id === id);

  beforeAll(async () => {
    testDatabase = await createDemoDatabase(kind);
    const { db } = testDatabase.database;
    const client = createDemoContentClient(db);
    const content = await readContentProducts(client, CONTENT_LOCALES);
    const facts = await createProductFactsReader(db)(commerceIdsOf(content));
    documents = [
      ...buildProductDocuments(content, facts, source),
      ...(await loadContentDocuments(client, source, CONTENT_LOCALES)),
    ];
  });
  afterAll(() => testDatabase?.dispose());

  it('indexes each demo product still sold once per content locale', () => {
    const products = documents.filter((document) => document.type === 'product');
    // A discontinued product has no commerce half, so nothing to find in search.
    const sold = loadSeedCatalogue().products.filter((product) => !product.discontinued);
    expect(products).toHaveLength(sold.length * CONTENT_LOCALES.length);
    expect(new Set(documents.map((document) => document.id)).size).toBe(documents.length);
    for (const product of products) {
      expect(product.title).not.toBe('');
      expect(product.url).toMatch(/^\/p\/[a-z0-9-]+$/);
    }
  });

  it('joins a product’s content and commerce halves, with the category in the locale', () => {
    const common = {
      type: 'product',
      uid: 'drift-mips-helmet',
      stack: source.stack,
      environment: source.environment,
      title: 'Drift MIPS Helmet',
      display_title: 'Drift MIPS Helmet',
      category_path: 'helmets/mips',
      colours: ['Olive Drab', 'Stealth Black', 'Tangerine'],
      sizes: ['S', 'M', 'L'],
      price_us: 12995,
      price_ca: 17495,
      price_eu_region_1: 12499,
      in_stock: 'true',
      tags: ['sale'],
      url: '/p/drift-mips-helmet',
      regions: expect.arrayContaining(['us', 'ca', 'eu_region_1', 'pro']),
    };
    expect(byId('product-drift-mips-helmet-en-us')).toMatchObject({ ...common, locale: 'en-us', category: 'Helmets' });
    // Products have no German copy yet: the English entry stands in, the category is translated.
    expect(byId('product-drift-mips-helmet-de')).toMatchObject({ ...common, locale: 'de', category: 'Helme' });
    const drift = byId('product-drift-mips-helmet-en-us')!;
    expect(drift.tagline).not.toBe('');
    expect(drift.description).not.toMatch(/[<>]/);
    expect(drift.image).toMatch(/^drift-mips-helmet-/);
    expect(Date.parse(drift.updated_at)).not.toBeNaN();
  });

  it('applies the catalogue’s stock rule and the content’s flags', () => {
    // Every variant of the Outlaw is sold out; the Kestrel is new, the Vanta redesigned.
    expect(byId('product-outlaw-helmet-en-us')).toMatchObject({ in_stock: 'false', tags: [] });
    expect(byId('product-kestrel-mips-helmet-en-us')).toMatchObject({ in_stock: 'true', tags: ['new'] });
    expect(byId('product-vanta-mips-helmet-en-us')).toMatchObject({ tags: ['redesigned'] });
  });

  it('indexes pages, blog posts, support articles and athletes with their storefront urls', () => {
    const ofType = (type: string) =>
      documents.filter((document) => document.type === type && document.locale === 'en-us');
    expect(ofType('page').map((page) => page.url)).toEqual(
      expect.arrayContaining(['/about', '/shipping-returns', '/l/backcountry-kit']),
    );
    expect(ofType('page').some((page) => page.url === '/')).toBe(false);
    expect(byId('blog_post-how-to-choose-binding-stiffness-en-us')).toMatchObject({
      url: '/blog/p/how-to-choose-binding-stiffness',
      category: 'Gear Guides',
      image: 'blog-1',
      in_stock: 'false',
    });
    expect(byId('blog_post-how-to-choose-binding-stiffness-de')).toMatchObject({ category: 'Ausrüstungsratgeber' });
    expect(byId('support-shipping-times-en-us')).toMatchObject({
      url: '/support/shipping-times',
      category: 'Orders & shipping',
    });
    expect(byId('athlete-mara-lindqvist-en-us')).toMatchObject({
      url: '/team#mara-lindqvist',
      category: 'Splitboard',
      image: 'athlete-1',
    });
    for (const document of documents.filter((candidate) => candidate.type !== 'product')) {
      expect(document.description).not.toMatch(/<\/?[a-z]+[^>]*>/);
      expect(document.description.length).toBeLessThanOrEqual(4_000);
    }
  });

  it('builds the same documents for a hosted engine, each one App Search accepts (documents.html field rules)', async () => {
    const { db } = testDatabase.database;
    const built = await buildSearchDocuments(
      createProductFactsReader(db),
      createDemoContentClient(db),
      source,
      CONTENT_LOCALES,
    );
    expect(built.documents).toEqual(documents);
    const standIn = await startAppSearchStandIn({ engine: 'piste', privateKey: 'private-key' });
    try {
      const report = await indexIntoHostedEngine(built.documents, {
        endpoint: standIn.endpoint,
        engineName: 'piste',
        privateKey: 'private-key',
      });
      expect(report.rejected).toEqual([]);
      expect(report.accepted).toBe(documents.length);
      expect(standIn.requests).toHaveLength(Math.ceil(documents.length / 100));
    } finally {
      await standIn.close();
    }
  });
});
