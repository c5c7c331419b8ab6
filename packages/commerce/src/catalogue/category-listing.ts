import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@piste/db';
import { queryRows } from '@piste/db';

/** Spec-facing sorts of a category page (issue 5): featured, newest, price both ways, name. */
export const CATEGORY_SORTS = ['featured', 'newest', 'price-asc', 'price-desc', 'name'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];

export interface CategoryListingQuery {
  categoryId: number;
  priceListRegion: string;
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

const ORDER: Record<CategorySort, SQL> = {
  featured: sql`sort_order asc, id asc`,
  newest: sql`is_new desc, created_at desc, id desc`,
  'price-asc': sql`min_price asc nulls last, id asc`,
  'price-desc': sql`min_price desc nulls last, id asc`,
  name: sql`name asc, id asc`,
};

/** Products of the category whose variants match every option filter (a variant in a chosen colour and size). */
function optionFilter(label: 'Colour' | 'Size', values: string[]): SQL {
  if (values.length === 0) return sql`true`;
  const lowered = sql.join(
    values.map((value) => sql`${value.toLowerCase()}`),
    sql`, `,
  );
  return sql`exists (
    select 1 from variants v
    join option_values ov on ov.id = any(v.option_value_ids)
    join product_options o on o.id = ov.option_id and o.display_name = ${label}
    where v.product_id = p.id and lower(ov.label) in (${lowered})
  )`;
}

/** Products having, for every attribute, a custom field of that name with one of its values. */
function attributeFilter(attributes: CategoryListingQuery['attributes'] = []): SQL {
  if (attributes.length === 0) return sql`true`;
  return sql.join(
    attributes.map(
      ({ name, values }) => sql`exists (
        select 1 from custom_fields cf
        where cf.product_id = p.id and lower(cf.name) = ${name.toLowerCase()}
          and lower(cf.value) in (${sql.join(
            values.map((value) => sql`${value.toLowerCase()}`),
            sql`, `,
          )})
      )`,
    ),
    sql` and `,
  );
}

/** An attribute is a useful filter when it tells products apart without listing every product. */
const MAX_ATTRIBUTE_FACET_VALUES = 6;

/**
 * One statement for a category page: the matching product ids in order, their total, and the
 * facets (colours, sizes, price range) of the whole category, so filters show what exists.
 * Prices are each product's cheapest sale-aware price in the region's price list.
 */
export async function listCategoryProducts(db: Db, query: CategoryListingQuery): Promise<CategoryListing> {
  const minPrice = query.minPriceMinor === undefined ? sql`true` : sql`min_price >= ${query.minPriceMinor}`;
  const maxPrice = query.maxPriceMinor === undefined ? sql`true` : sql`min_price <= ${query.maxPriceMinor}`;
  const [row] = await queryRows<{ listing: string }>(
    db,
    sql`with in_category as (
        select p.id, p.name, p.sort_order, p.is_new, p.created_at,
          (select min(case when vp.sale_price is not null and vp.sale_price < vp.price then vp.sale_price else vp.price end)
             from variants v join variant_prices vp on vp.variant_id = v.id and vp.region_id = ${query.priceListRegion}
            where v.product_id = p.id) as min_price,
          case p.inventory_tracking
            when 'none' then true
            when 'product' then p.inventory_level > 0
            else exists (select 1 from variants v where v.product_id = p.id and v.inventory_level > 0 and not v.purchasing_disabled)
          end as in_stock
        from products p
        join product_categories pc on pc.product_id = p.id and pc.category_id = ${query.categoryId}
        where p.is_visible
      ),
      matching as (
        select * from in_category p
        where ${optionFilter('Colour', query.colours)} and ${optionFilter('Size', query.sizes)}
          and ${attributeFilter(query.attributes)} and ${minPrice} and ${maxPrice} and (${!query.inStockOnly} or in_stock)
      )
      select json_build_object(
        'productIds', coalesce((select json_agg(id) from (
          select id from matching order by ${ORDER[query.sort]} limit ${query.limit} offset ${(query.page - 1) * query.limit}
        ) page), '[]'::json),
        'total', (select count(*) from matching),
        'colours', coalesce((select json_agg(f order by f.label) from (
          select min(ov.label) as label, (array_agg(ov.hex_colors))[1] as hex, count(distinct v.product_id) as count
          from in_category p join variants v on v.product_id = p.id
          join option_values ov on ov.id = any(v.option_value_ids)
          join product_options o on o.id = ov.option_id and o.type = 'swatch'
          group by lower(ov.label)) f), '[]'::json),
        'sizes', coalesce((select json_agg(f order by f.first_position, f.label) from (
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
          group by key
          having count(*) between 2 and ${MAX_ATTRIBUTE_FACET_VALUES}) a), '[]'::json),
        'priceMinor', (select case when count(min_price) = 0 then null
          else json_build_object('min', min(min_price), 'max', max(min_price)) end from in_category)
      )::text as listing`,
  );
  const parsed = JSON.parse(row!.listing) as {
    productIds: number[];
    total: number;
    colours: CategoryFacets['colours'];
    sizes: (CategoryFacets['sizes'][number] & { first_position: number })[];
    attributes: CategoryFacets['attributes'];
    priceMinor: CategoryFacets['priceMinor'];
  };
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
      priceMinor: parsed.priceMinor,
    },
  };
}
