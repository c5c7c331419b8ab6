import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueSeed, referenceDataSeed } from '@piste/commerce/server';
import { CONTENT_SEED_DIR, createContentStore } from '@piste/content/server';
import { sql } from 'drizzle-orm';
import { queryRows, runSeeds, type Db } from '@piste/db';
import { testDatabaseKinds } from '@piste/db/testing';
import { createDemoContentSeed } from './content-seed';
import { seedSteps } from './steps';

/** docs/content.md 'Product copy': entries/product-translations.json. */
const FILE = 'product-translations.json';
let dirs: string[] = [];

beforeAll(() => {
  dirs = [];
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the content seed whose product translations are `translations`. */
function contentDirWith(translations: unknown): URL {
  const dir = mkdtempSync(join(tmpdir(), 'piste-product-copy-'));
  dirs.push(dir);
  cpSync(CONTENT_SEED_DIR, dir, { recursive: true });
  writeFileSync(join(dir, 'entries', FILE), JSON.stringify(translations));
  return pathToFileURL(`${dir}/`);
}

const demoTranslations = () =>
  JSON.parse(readFileSync(new URL(`entries/${FILE}`, CONTENT_SEED_DIR), 'utf8')) as Record<string, unknown>;

describe('product translations in the demo content seed', () => {
  it('names a product that is not in the catalogue', () => {
    const contentDir = contentDirWith({ 'no-such-goggle': { 'de-de': { tagline: 'Gibt es nicht.' } } });
    expect(() => createDemoContentSeed({ contentDir })).toThrow(
      `entries/${FILE}: 'no-such-goggle' is not a catalogue product`,
    );
  });

  it('names a locale the shop does not have, and a specification the product does not have', () => {
    expect(() =>
      createDemoContentSeed({ contentDir: contentDirWith({ 'line-goggle': { 'xx-yy': { tagline: 'x' } } }) }),
    ).toThrow(/must be a supported locale other than en-us\n.*\["line-goggle"\]\["xx-yy"\]/);
    expect(() =>
      createDemoContentSeed({
        contentDir: contentDirWith({ 'line-goggle': { 'de-de': { specs: { Heating: 'Beheizt' } } } }),
      }),
    ).toThrow(`entries/${FILE}: 'line-goggle' de-de has no specification 'Heating'`);
  });

  it('refuses two wordings of one value, which a filter could not show', () => {
    const contentDir = contentDirWith({
      'line-goggle': { 'de-de': { specs: { Lens: 'Zylindrisch' } } },
      'basecamp-otg-goggle': { 'de-de': { specs: { Lens: 'Zylinderscheibe' } } },
    });
    expect(() => createDemoContentSeed({ contentDir })).toThrow(
      `'basecamp-otg-goggle' de-de words Lens 'Cylindrical' as 'Zylinderscheibe', another product as 'Zylindrisch'`,
    );
  });

  it('leaves products without translations to en-us (another product may be added without them)', () => {
    const { 'line-goggle': line } = demoTranslations();
    expect(() => createDemoContentSeed({ contentDir: contentDirWith({ 'line-goggle': line }) })).not.toThrow();
  });
});

describe.each(testDatabaseKinds())('product copy seeded on $name', (kind) => {
  it('stores the product’s copy per language and the wording of its specification values', async () => {
    const { database, dispose } = await kind.create();
    try {
      await runSeeds(database.db, [referenceDataSeed, createCatalogueSeed(), createDemoContentSeed()]);
      const store = createContentStore(database.db, { environment: 'test' });
      const read = (type: string, uid: string, locale: string) =>
        store.getEntries(type, [uid], { locale, fallback: true }).then(([entry]) => entry as Record<string, unknown>);

      expect(await read('product', 'horizon-spherical-goggle', 'de')).toMatchObject({
        tagline: 'Mehr Blickfeld und ein Scheibenwechsel in drei Sekunden.',
        title: 'Horizon Spherical Goggle',
        url: '/horizon-spherical-goggle',
      });
      expect(await read('product', 'horizon-spherical-goggle', 'en-us')).toMatchObject({
        tagline: 'A wider view and a lens swap in three seconds.',
      });
      expect(await read('product_attribute_values', 'lens-change', 'fr')).toMatchObject({
        title: 'Lens change',
        values: { 'Magnetic, 8-point': 'Magnétique, 8 points', Magnetic: 'Magnétique' },
      });
      expect(await read('product_attribute_values', 'lens-change', 'en-us')).toMatchObject({ values: {} });
    } finally {
      await dispose();
    }
  }, 120_000);

  it('gives content the same commerce ids when BigCommerce keeps commerce and our tables are empty', async () => {
    const embedded = await kind.create();
    const bigcommerce = await kind.create();
    try {
      await runSeeds(embedded.database.db, seedSteps('embedded'));
      await runSeeds(bigcommerce.database.db, seedSteps('bigcommerce'));
      const entriesOf = async (db: Db) => {
        const store = createContentStore(db, { environment: 'test' });
        const read = (type: string, uid: string) =>
          store.getEntries(type, [uid], { locale: 'en-us', fallback: true }).then(([entry]) => entry);
        return {
          category: await read('product_category', 'goggles-spherical'),
          product: await read('product', 'horizon-spherical-goggle'),
        };
      };
      const expected = await entriesOf(embedded.database.db);
      expect(expected.category).toMatchObject({ cat_ids_bc: { us: expect.any(Number) } });
      expect(await entriesOf(bigcommerce.database.db)).toMatchObject({
        category: { cat_ids_bc: expected.category!.cat_ids_bc },
        product: { product_category: expected.product!.product_category },
      });
      // Nothing of the catalogue is loaded into our tables: BigCommerce is its source.
      const [{ count }] = (await queryRows<{ count: number }>(
        bigcommerce.database.db,
        sql`select count(*)::int as count from products`,
      )) as [{ count: number }];
      expect(count).toBe(0);
    } finally {
      await embedded.dispose();
      await bigcommerce.dispose();
    }
  }, 240_000);
});
