import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, runSeeds, type Db } from '@piste/db';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { createCatalogueSeed } from '../seed/catalogue-seed';
import { referenceDataSeed } from '../seed/reference-data-seed';
import { scaleCatalogue, SYNTHETIC_ID_BASE } from '../seed/scale-catalogue';
import {
  CATEGORY_SORTS,
  listCategoryProducts,
  type CategoryListing,
  type CategoryListingQuery,
} from './category-listing';

/**
 * What a category page shows, computed from the catalogue's own tables on every call: the
 * definition the kept listing (category_listings, product_facet_values, category_facet_counts)
 * must always agree with. A colour's swatch is the one of its lowest label.
 */
async function referenceListing(db: Db, query: CategoryListingQuery): Promise<CategoryListing> {
  const lowered = (values: string[]) =>
    sql.join(
      values.map((value) => sql`${value.toLowerCase()}`),
      sql`, `,
    );
  const option = (label: string, values: string[]): SQL =>
    values.length === 0
      ? sql`true`
      : sql`exists (select 1 from variants v join option_values ov on ov.id = any(v.option_value_ids)
          join product_options o on o.id = ov.option_id and o.display_name = ${label}
          where v.product_id = p.id and lower(ov.label) in (${lowered(values)}))`;
  const attributes = (query.attributes ?? []).map(
    ({ name, values }) => sql`exists (select 1 from custom_fields cf where cf.product_id = p.id
      and lower(cf.name) = ${name.toLowerCase()} and lower(cf.value) in (${lowered(values)}))`,
  );
  const order = {
    featured: sql`sort_order asc, id asc`,
    newest: sql`is_new desc, created_at desc, id desc`,
    'price-asc': sql`min_price asc nulls last, id asc`,
    'price-desc': sql`min_price desc nulls last, id asc`,
    name: sql`name asc, id asc`,
  }[query.sort];
  const [row] = await queryRows<{ listing: CategoryListing & { priceMinor: CategoryListing['facets']['priceMinor'] } }>(
    db,
    sql`with in_category as (
        select p.id, p.name, p.sort_order, p.is_new, p.created_at,
          (select min(case when vp.sale_price is not null and vp.sale_price < vp.price then vp.sale_price else vp.price end)
             from variants v join variant_prices vp on vp.variant_id = v.id and vp.region_id = ${query.priceListRegion}
            where v.product_id = p.id) as min_price,
          case p.inventory_tracking when 'none' then true when 'product' then p.inventory_level > 0
            else exists (select 1 from variants v where v.product_id = p.id and v.inventory_level > 0 and not v.purchasing_disabled)
          end as in_stock
        from products p join product_categories pc on pc.product_id = p.id and pc.category_id = ${query.categoryId}
        where p.is_visible and not p.id in (${sql.join([-1, ...(query.hiddenProductIds ?? [])], sql`, `)})
      ),
      matching as (
        select * from in_category p
        where ${option('Colour', query.colours)} and ${option('Size', query.sizes)}
          and ${attributes.length ? sql.join(attributes, sql` and `) : sql`true`}
          and ${query.minPriceMinor === undefined ? sql`true` : sql`min_price >= ${query.minPriceMinor}`}
          and ${query.maxPriceMinor === undefined ? sql`true` : sql`min_price <= ${query.maxPriceMinor}`}
          and (${!query.inStockOnly} or in_stock)
      )
      select json_build_object(
        'productIds', coalesce((select json_agg(id) from (select id from matching order by ${order}
          limit ${query.limit} offset ${(query.page - 1) * query.limit}) page), '[]'::json),
        'total', (select count(*) from matching),
        'facets', json_build_object(
          'colours', coalesce((select json_agg(f order by f.label) from (
            select min(ov.label) as label, (array_agg(ov.hex_colors order by ov.label, ov.hex_colors::text))[1] as hex,
              count(distinct v.product_id) as count
            from in_category p join variants v on v.product_id = p.id
            join option_values ov on ov.id = any(v.option_value_ids)
            join product_options o on o.id = ov.option_id and o.type = 'swatch'
            group by lower(ov.label)) f), '[]'::json),
          'sizes', coalesce((select json_agg(json_build_object('label', f.label, 'count', f.count)
              order by f.first_position, f.label) from (
            select min(ov.label) as label, min(ov.sort_order) as first_position, count(distinct v.product_id) as count
            from in_category p join variants v on v.product_id = p.id
            join option_values ov on ov.id = any(v.option_value_ids)
            join product_options o on o.id = ov.option_id and o.type = 'rectangles'
            group by lower(ov.label)) f), '[]'::json),
          'attributes', coalesce((select json_agg(a order by a.name) from (
            select min(name) as name, json_agg(json_build_object('value', value, 'count', count) order by value) as values
            from (
              select min(cf.name) as name, lower(cf.name) as key, min(cf.value) as value, count(distinct cf.product_id) as count
              from in_category p join custom_fields cf on cf.product_id = p.id
              group by lower(cf.name), lower(cf.value)
            ) v
            group by key having count(*) between 2 and 6) a), '[]'::json),
          'priceMinor', (select case when count(min_price) = 0 then null
            else json_build_object('min', min(min_price), 'max', max(min_price)) end from in_category)
        )
      ) as listing`,
  );
  return row!.listing;
}

const BINDINGS = 20;
/** Synthetic products that are bindings (every fourth), for writes the test can name. */
const BINDING = SYNTHETIC_ID_BASE;
const ANOTHER_BINDING = SYNTHETIC_ID_BASE + 4;

describe.each(testDatabaseKinds())('category listing kept by the database on $name', (kind) => {
  let testDatabase: TestDatabase;
  let db: Db;
  let categoryIds: number[];

  const exec = (query: SQL) => db.execute(query);

  /** Every sort and two pages unfiltered, and each kind of filter, for a few categories and price lists. */
  function queries(priceLists = ['us', 'eu_region_1'], hiddenProductIds: number[] = []): CategoryListingQuery[] {
    const base = { colours: [], sizes: [], attributes: [], inStockOnly: false, limit: 10, hiddenProductIds };
    return categoryIds.flatMap((categoryId) =>
      priceLists.flatMap((priceListRegion) => [
        ...CATEGORY_SORTS.flatMap((sort) =>
          [1, 3].map((page) => ({ ...base, categoryId, priceListRegion, sort, page })),
        ),
        ...[
          { colours: ['STEALTH BLACK', 'glacier blue'] },
          { sizes: ['m'] },
          { attributes: [{ name: 'fit', values: ['over-the-glasses', 'Asian fit'] }] },
          { minPriceMinor: 10_000, maxPriceMinor: 30_000 },
          { inStockOnly: true },
          { colours: ['alpine white'], sizes: ['S', 'L'], inStockOnly: true, maxPriceMinor: 40_000 },
        ].map((filters) => ({
          ...base,
          categoryId,
          priceListRegion,
          sort: 'price-desc' as const,
          page: 1,
          ...filters,
        })),
      ]),
    );
  }

  async function expectListingsToMatchTheCatalogue(priceLists?: string[], hiddenProductIds?: number[]) {
    for (const query of queries(priceLists, hiddenProductIds)) {
      const [kept, computed] = [await listCategoryProducts(db, query), await referenceListing(db, query)];
      expect({ query, listing: kept }).toEqual({
        query,
        listing: { productIds: computed.productIds, total: Number(computed.total), facets: computed.facets },
      });
    }
  }

  beforeAll(async () => {
    testDatabase = await kind.create();
    db = testDatabase.database.db;
    await runSeeds(db, [referenceDataSeed, createCatalogueSeed()]);
    await scaleCatalogue(db, { products: 80 });
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select id from categories where path in ('bindings', 'bindings/park', 'goggles') order by id`,
    );
    categoryIds = rows.map((row) => row.id);
  });
  afterAll(() => testDatabase?.dispose());

  it('lists the catalogue as loaded: pages, totals and facets as the catalogue tables give them', async () => {
    const [bindings] = [await listCategoryProducts(db, { ...queries()[0]!, categoryId: BINDINGS })];
    expect(bindings.total).toBeGreaterThan(20);
    expect(bindings.facets.colours.length).toBeGreaterThan(3);
    await expectListingsToMatchTheCatalogue();
  });

  it('follows visibility, names, sort order, prices and sales', async () => {
    await exec(sql`update products set is_visible = false where id = ${BINDING}`);
    await exec(
      sql`update products set name = 'Aaa first by name', sort_order = -1, is_new = true where id = ${ANOTHER_BINDING}`,
    );
    await exec(sql`update variant_prices set sale_price = 100 where region_id = 'us' and variant_id in (
      select id from variants where product_id = ${ANOTHER_BINDING + 4} limit 1)`);
    // A product without a price in a list sorts after the priced ones, both ways.
    await exec(sql`delete from variant_prices where region_id = 'eu_region_1' and variant_id in (
      select id from variants where product_id = ${ANOTHER_BINDING + 8})`);
    await expectListingsToMatchTheCatalogue();
    await exec(sql`update products set is_visible = true where id = ${BINDING}`);
    await expectListingsToMatchTheCatalogue();
  });

  it('follows options, option values and attributes, and the variants using them', async () => {
    await exec(sql`update option_values set label = 'Jet Black', hex_colors = '["#000000"]'::jsonb
      where label = 'Stealth Black' and option_id in (select id from product_options where product_id = ${BINDING})`);
    await exec(sql`delete from variants where id = (select min(id) from variants where product_id = ${BINDING + 8})`);
    await exec(sql`update variants set option_value_ids = option_value_ids[1:1]
      where product_id = ${BINDING + 12}`);
    await exec(
      sql`update product_options set type = 'rectangles' where product_id = ${BINDING + 16} and type = 'swatch'`,
    );
    // Each write above names a product of its own, so that no other write refreshes it too.
    await exec(sql`insert into custom_fields (product_id, name, value) values
      (${BINDING + 32}, 'Flex', 'Soft'), (${BINDING + 36}, 'flex', 'STIFF'), (${BINDING + 40}, 'Flex', 'soft')`);
    await expectListingsToMatchTheCatalogue();
    await exec(sql`update custom_fields set value = 'Medium' where product_id = ${BINDING + 40} and name = 'Flex'`);
    await exec(sql`delete from custom_fields where product_id = ${BINDING + 36} and name = 'flex'`);
    await expectListingsToMatchTheCatalogue();
  });

  it('follows products moving between categories, and deleted products', async () => {
    await exec(sql`update product_categories set category_id = (select id from categories where path = 'goggles')
      where product_id = ${BINDING + 20} and category_id = ${BINDINGS}`);
    await exec(sql`delete from product_categories where product_id = ${BINDING + 24}`);
    await exec(sql`delete from products where id = ${BINDING + 28}`);
    await expectListingsToMatchTheCatalogue();
  });

  it('refreshes a transaction’s products once, when it commits, and not at all if it rolls back', async () => {
    const id = SYNTHETIC_ID_BASE + 900_000;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into products (id, uid, name, sku, inventory_tracking, sort_order)
        values (${id}, 'late-binding', 'Late Binding', 'LATE-1', 'variant', 5)`);
      await tx.execute(sql`insert into product_categories (product_id, category_id) values (${id}, ${BINDINGS})`);
      await tx.execute(sql`insert into product_options (id, product_id, display_name, type)
        values (${id}, ${id}, 'Colour', 'swatch')`);
      await tx.execute(sql`insert into option_values (id, option_id, label, hex_colors)
        values (${id}, ${id}, 'Ember Orange', '["#e8602c"]'::jsonb)`);
      await tx.execute(sql`insert into variants (id, product_id, sku, inventory_level, option_value_ids)
        values (${id}, ${id}, 'LATE-1-O', 4, array[${id}]::integer[])`);
      await tx.execute(sql`insert into variant_prices (variant_id, region_id, currency_code, price)
        values (${id}, 'us', 'USD', 1234)`);
      // Nothing is refreshed before the commit.
      const [pending] = await queryRows<{ count: number }>(
        tx,
        sql`select count(*)::int as count from category_listing_pending`,
      );
      expect(pending?.count).toBe(1);
    });
    const [after] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from category_listing_pending`,
    );
    expect(after?.count).toBe(0);
    await expectListingsToMatchTheCatalogue();

    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update products set is_visible = false where id = ${id}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const [listed] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from category_listings where product_id = ${id}`,
    );
    expect(listed?.count).toBe(3); // bindings, in each of the three price lists
  });

  it('leaves the kept listing alone when only stock changes (checkout), while the in-stock filter reads it live', async () => {
    const stamp = sql`select string_agg(xmin::text, ',' order by category_id, price_list) as stamp
      from category_listings where product_id = ${ANOTHER_BINDING}`;
    const [before] = await queryRows<{ stamp: string }>(db, stamp);
    await exec(sql`update variants set inventory_level = 0 where product_id = ${ANOTHER_BINDING}`);
    await exec(sql`update products set inventory_level = inventory_level + 1 where id = ${ANOTHER_BINDING}`);
    const [after] = await queryRows<{ stamp: string }>(db, stamp);
    expect(after).toEqual(before);
    await expectListingsToMatchTheCatalogue();
  });

  it('lists every product in a new price list, unpriced, until the region goes', async () => {
    await exec(
      sql`insert into regions (id, shopping, pro, billing_region) values ('test_list', false, false, 'test_list')`,
    );
    await expectListingsToMatchTheCatalogue(['test_list']);
    const [listed] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from category_listings where price_list = 'test_list'`,
    );
    expect(listed?.count).toBeGreaterThan(0);
    await exec(sql`delete from regions where id = 'test_list'`);
    const [gone] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from category_listings where price_list = 'test_list'`,
    );
    expect(gone?.count).toBe(0);
  });

  it('leaves out of pages, totals and facets the products the visitor’s region does not sell', async () => {
    // Spec §5: a product shows only in the regions its content names. The late binding above is
    // the only one in Ember Orange, so hiding it takes the colour away.
    const lateBinding = SYNTHETIC_ID_BASE + 900_000;
    const hidden = [lateBinding, BINDING, BINDING + 8, ANOTHER_BINDING + 4, 1, 2, 3, 17, 18];
    const query = { ...queries()[0]!, categoryId: BINDINGS };
    const all = await listCategoryProducts(db, query);
    const visible = await listCategoryProducts(db, { ...query, hiddenProductIds: hidden });
    expect(all.facets.colours.map((colour) => colour.label)).toContain('Ember Orange');
    expect(visible.facets.colours.map((colour) => colour.label)).not.toContain('Ember Orange');
    expect(visible.total).toBeLessThan(all.total);
    await expectListingsToMatchTheCatalogue(undefined, hidden);
  });
});
