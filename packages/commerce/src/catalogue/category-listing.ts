import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@piste/db';
import { queryRows } from '@piste/db';

/** Spec-facing sorts of a category page (decision 015): featured, newest, price both ways, name. */
export const CATEGORY_SORTS = ['featured', 'newest', 'price-asc', 'price-desc', 'name'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];

export interface CategoryListingQuery {
  categoryId: number;
  priceListRegion: string;
  /**
   * Products of the catalogue the visitor's region does not sell (their content names other
   * regions): left out of the page, its total and its facet counts.
   */
  hiddenProductIds?: number[];
  /** Colour labels, compared case-insensitively. */
  colours: string[];
  sizes: string[];
  /** Product attributes (custom fields): a product must have one of the values of each, case-insensitively. */
  attributes?: { name: string; values: string[] }[];
  /** Bounds on the shopper's price, in minor units. */
  minPriceMinor?: number;
  maxPriceMinor?: number;
  inStockOnly: boolean;
  sort: CategorySort;
  page: number;
  limit: number;
}

export interface CategoryFacets {
  colours: { label: string; hex: string[]; count: number }[];
  sizes: { label: string; count: number }[];
  /** Attributes whose values tell the category's products apart (2 to 6 values), by name. */
  attributes: { name: string; values: { value: string; count: number }[] }[];
  priceMinor: { min: number; max: number } | null;
}

export interface CategoryListing {
  productIds: number[];
  total: number;
  facets: CategoryFacets;
}

/** Each sort as category_listings orders it; every one has an index of its own (schema/category-listing.ts). */
const ORDER: Record<CategorySort, SQL> = {
  featured: sql`l.sort_order asc, l.product_id asc`,
  newest: sql`l.is_new desc, l.created_at desc, l.product_id desc`,
  'price-asc': sql`l.min_price asc nulls last, l.product_id asc`,
  'price-desc': sql`l.min_price desc nulls last, l.product_id asc`,
  name: sql`l.name asc, l.product_id asc`,
};

function lowered(values: string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value.toLowerCase()}`),
    sql`, `,
  );
}

/** Products with a variant in one of these values of the option (`Colour`, `Size`), compared case-insensitively. */
function optionFilter(label: 'Colour' | 'Size', values: string[]): SQL | null {
  if (values.length === 0) return null;
  return sql`exists (
    select 1 from product_facet_values f
    where f.product_id = l.product_id and f.facet = 'option' and f.name_key = ${label}
      and f.value_key in (${lowered(values)})
  )`;
}

/** Products having, for every attribute, a custom field of that name with one of its values. */
function attributeFilters(attributes: CategoryListingQuery['attributes'] = []): SQL[] {
  return attributes.map(
    ({ name, values }) => sql`exists (
      select 1 from product_facet_values f
      where f.product_id = l.product_id and f.facet = 'attribute' and f.name_key = ${name.toLowerCase()}
        and f.value_key in (${lowered(values)})
    )`,
  );
}

/** Whether a shopper can buy the product now, by how it tracks stock (read live: checkout changes it). */
const IN_STOCK = sql`exists (
  select 1 from products p
  where p.id = l.product_id and case p.inventory_tracking
    when 'none' then true
    when 'product' then p.inventory_level > 0
    else exists (select 1 from variants v where v.product_id = p.id and v.inventory_level > 0 and not v.purchasing_disabled)
  end
)`;

/** An attribute is a useful filter when it tells products apart without listing every product. */
const MAX_ATTRIBUTE_FACET_VALUES = 6;

/** Integer ids as one array parameter, whatever their number. */
function idArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.filter(Number.isSafeInteger).join(',')}}`}::integer[]`;
}

/**
 * One statement for a category page: the matching product ids in order, their total, and the
 * facets (colours, sizes, attributes, price range) of the whole category, so filters show what
 * exists. Prices are each product's cheapest sale-aware price in the region's price list.
 *
 * It reads what the database keeps for category pages (schema/category-listing.ts): the page
 * comes from the sort's index, the facets and the unfiltered total from pre-counted rows and the
 * price range from the ends of an index, so none of it grows with the category. Only a filtered
 * total counts the category's matching rows. Products hidden from the visitor's region take out
 * what they bring to the counts (`category_facet_contributions`, read from their own rows), so
 * the cost grows with the hidden products, not with the category.
 */
export async function listCategoryProducts(db: Db, query: CategoryListingQuery): Promise<CategoryListing> {
  const filters = [
    optionFilter('Colour', query.colours),
    optionFilter('Size', query.sizes),
    ...attributeFilters(query.attributes),
    query.minPriceMinor === undefined ? null : sql`l.min_price >= ${query.minPriceMinor}`,
    query.maxPriceMinor === undefined ? null : sql`l.min_price <= ${query.maxPriceMinor}`,
    query.inStockOnly ? IN_STOCK : null,
  ].filter((filter): filter is SQL => filter !== null);
  const hidden = idArray(query.hiddenProductIds ?? []);
  const listed = sql`l.category_id = ${query.categoryId} and l.price_list = ${query.priceListRegion}
    and l.product_id <> all(${hidden})`;
  const matching = sql.join([listed, ...filters], sql` and `);
  const total =
    filters.length === 0
      ? sql`(select coalesce(sum(k.products), 0) from kept_counts k where k.facet = 'products')`
      : sql`(select count(*) from category_listings l where ${matching})`;
  const [row] = await queryRows<{ listing: string }>(
    db,
    sql`with hidden_counts as (
        select h.* from category_facet_contributions(${hidden}) h where h.category_id = ${query.categoryId}
      ),
      -- The category's split counts less what its hidden products bring to each.
      kept_counts as (
        select c.facet, c.name_key, c.value_key, c.name, c.value, c.hex, c.position,
          c.products - coalesce(h.products, 0) as products
        from category_facet_counts c
        left join hidden_counts h on h.facet = c.facet and h.name_key = c.name_key and h.value_key = c.value_key
          and h.name = c.name and h.value = c.value and h.hex = c.hex and h.position = c.position
        where c.category_id = ${query.categoryId}
      ),
      facet_values as (
        select c.facet, c.name_key, c.value_key, min(c.name) as name, min(c.value) as value,
          (array_agg(c.hex order by c.value, c.hex::text))[1] as hex, min(c.position) as position,
          sum(c.products) as count
        from kept_counts c
        where c.facet in ('colour', 'size', 'attribute') and c.products > 0
        group by c.facet, c.name_key, c.value_key
      )
      select json_build_object(
        'productIds', coalesce((select json_agg(page.product_id) from (
          select l.product_id from category_listings l where ${matching}
          order by ${ORDER[query.sort]} limit ${query.limit} offset ${(query.page - 1) * query.limit}
        ) page), '[]'::json),
        'total', ${total},
        'colours', coalesce((select json_agg(json_build_object('label', f.value, 'hex', f.hex, 'count', f.count)
          order by f.value) from facet_values f where f.facet = 'colour'), '[]'::json),
        'sizes', coalesce((select json_agg(json_build_object('label', f.value, 'count', f.count)
          order by f.position, f.value) from facet_values f where f.facet = 'size'), '[]'::json),
        'attributes', coalesce((select json_agg(a order by a.name) from (
          select min(f.name) as name, json_agg(json_build_object('value', f.value, 'count', f.count) order by f.value) as values
          from facet_values f where f.facet = 'attribute'
          group by f.name_key
          having count(*) between 2 and ${MAX_ATTRIBUTE_FACET_VALUES}) a), '[]'::json),
        -- Only min() and max(): each is one probe at an end of the price index.
        'priceMinor', (select json_build_object('min', min(l.min_price), 'max', max(l.min_price))
          from category_listings l where ${listed})
      )::text as listing`,
  );
  const parsed = JSON.parse(row!.listing) as {
    productIds: number[];
    total: number;
    colours: CategoryFacets['colours'];
    sizes: CategoryFacets['sizes'];
    attributes: CategoryFacets['attributes'];
    priceMinor: { min: number | null; max: number | null };
  };
  const { min, max } = parsed.priceMinor;
  return {
    productIds: parsed.productIds,
    total: Number(parsed.total),
    facets: {
      colours: parsed.colours.map(({ label, hex, count }) => ({ label, hex, count: Number(count) })),
      sizes: parsed.sizes.map(({ label, count }) => ({ label, count: Number(count) })),
      attributes: parsed.attributes.map(({ name, values }) => ({
        name,
        values: values.map(({ value, count }) => ({ value, count: Number(count) })),
      })),
      priceMinor: min === null || max === null ? null : { min, max },
    },
  };
}
