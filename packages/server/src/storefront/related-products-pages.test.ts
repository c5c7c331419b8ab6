import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseKinds } from '@piste/db/testing';
import { createSeededPagesApp } from '../../test/support/app-harness';

/** A publish reaches the caches through the change channel (cache-clearing.ts): polled. */
const SOON = { timeout: 5_000, interval: 50 };
const PRODUCT = '/en-us/p/horizon-spherical-goggle';
/** The goggle's manual picks (data/seed/content/entries/product-extras.json), in order. */
const MANUAL = ['Horizon Magnetic Lens', 'Vanta MIPS Helmet', 'Storm Shell Glove', 'Merino Rib Beanie'];

const cardTitles = (html: string) =>
  [...html.matchAll(/<h3[^>]*><a[^>]*>([^<]+)<\/a><\/h3>/g)].map((match) => match[1]);

/**
 * Spec §9 'Related products and grids' and §3 'Related-products config': manual picks first,
 * then automated picks from the editors' automated-related-products config, only when brand
 * settings enable automation (and not when they cannot be read).
 */
describe.each(testDatabaseKinds())('related products on a product page on $name', (kind) => {
  let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
  const related = async () => {
    const response = await harness.app.inject({ method: 'GET', url: PRODUCT });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    return cardTitles(html.slice(html.indexOf('Related Products')));
  };
  const execute = (query: ReturnType<typeof sql>) => harness.database.db.execute(query);

  beforeAll(async () => {
    harness = await createSeededPagesApp({}, { kind });
    // Seeding a Postgres database takes a minute on a busy 2-core machine.
  }, 180_000);
  afterAll(() => harness?.close());

  it('fills up to 8 after the manual picks from the configured categories, attribute matches first', async () => {
    const titles = await related();
    expect(titles).toHaveLength(8);
    expect(titles.slice(0, 4)).toEqual(MANUAL);
    expect(titles.slice(4, 6)).toEqual(['Polar Spherical Goggle', 'Outlook OTG Goggle']);
  });

  it('shows the same picks on the next visit of the day, so a kept page and a fresh one agree', async () => {
    expect(await related()).toEqual(await related());
  });

  it('takes automated picks only from the categories the editors configured', async () => {
    // Only helmets in the config: the goggle is filed under none of them, so no automated picks.
    await execute(
      sql`update content_entries
          set document = jsonb_set(document, '{categories}', '[{"category": [{"uid": "helmets", "_content_type_uid": "product_category"}]}]')
          where content_type_uid = 'automated_related_products'`,
    );
    await vi.waitFor(async () => expect(await related()).toEqual(MANUAL), SOON);
  });

  it('adds no automated picks when brand settings cannot be read', async () => {
    await execute(
      sql`update content_entries set document = document || '{"categories": [{"category": [{"uid": "goggles", "_content_type_uid": "product_category"}]}]}'
          where content_type_uid = 'automated_related_products'`,
    );
    await vi.waitFor(async () => expect(await related()).toHaveLength(8), SOON);
    await execute(sql`delete from content_entries where content_type_uid = 'brand_settings'`);
    await vi.waitFor(async () => expect(await related()).toEqual(MANUAL), SOON);
  });
});
