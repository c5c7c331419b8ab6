import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@piste/db';
import { queryRows } from '@piste/db';

/** What hydrating a page of products needs, read in one statement (see `loadProductGraph`). */
export interface ProductGraph {
  variants: {
    id: number;
    product_id: number;
    sku: string;
    inventory_level: number;
    purchasing_disabled: boolean;
    image_media_id: string | null;
    option_value_ids: number[];
    price: number | null;
    sale_price: number | null;
    retail_price: number | null;
  }[];
  categories: { product_id: number; category_id: number }[];
  options: {
    id: number;
    product_id: number;
    display_name: string;
    type: 'swatch' | 'rectangles';
    sort_order: number;
    values: { id: number; label: string; sort_order: number; hex_colors: string[]; is_default: boolean }[];
  }[];
  images: {
    id: number;
    product_id: number;
    media_id: string;
    description: string;
    is_thumbnail: boolean;
    sort_order: number;
  }[];
  custom_fields: { id: number; product_id: number; name: string; value: string }[];
}

export interface ProductGraphRequest {
  productIds: number[];
  priceListRegion: string;
  withOptions: boolean;
  withImages: boolean;
  withCustomFields: boolean;
}

function idList(ids: number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/**
 * Variants with their region prices, categories, and (on request) options, images and custom
 * fields of the given products, as one JSON document from one statement. NOTE: building
 * JSON in Postgres is deliberate: PGlite converts result cells to JavaScript slowly (about
 * 10 µs a cell), and one text cell parsed by JSON.parse is several times faster for a page
 * of products; on a Postgres server it also saves round trips.
 */
export async function loadProductGraph(db: Db, request: ProductGraphRequest): Promise<ProductGraph> {
  const ids = idList(request.productIds);
  const skipped = sql`'[]'::json`;
  const [row] = await queryRows<{ graph: string }>(
    db,
    sql`select json_build_object(
      'variants', coalesce((
        select json_agg(v order by v.id) from (
          select variants.id, variants.product_id, variants.sku, variants.inventory_level,
                 variants.purchasing_disabled, variants.image_media_id, variants.option_value_ids,
                 prices.price, prices.sale_price, prices.retail_price
          from variants
          -- One primary-key lookup per variant. A plain join (or a lateral one the planner can
          -- flatten; \`limit 1\` prevents that) may scan every price in the region instead,
          -- which grows with the catalogue.
          left join lateral (
            select price, sale_price, retail_price from variant_prices
            where variant_prices.variant_id = variants.id and variant_prices.region_id = ${request.priceListRegion}
            limit 1
          ) prices on true
          where variants.product_id in (${ids})
        ) v), '[]'::json),
      'categories', coalesce((
        select json_agg(c) from (
          select product_id, category_id from product_categories where product_id in (${ids})
        ) c), '[]'::json),
      'options', ${
        request.withOptions
          ? sql`coalesce((
        select json_agg(o order by o.sort_order, o.id) from (
          select options.id, options.product_id, options.display_name, options.type, options.sort_order,
                 coalesce((
                   select json_agg(json_build_object(
                     'id', ov.id, 'label', ov.label, 'sort_order', ov.sort_order,
                     'hex_colors', ov.hex_colors, 'is_default', ov.is_default
                   ) order by ov.sort_order, ov.id)
                   from option_values ov where ov.option_id = options.id
                 ), '[]'::json) as values
          from product_options options where options.product_id in (${ids})
        ) o), '[]'::json)`
          : skipped
      },
      'images', ${
        request.withImages
          ? sql`coalesce((
        select json_agg(i order by i.sort_order, i.id) from (
          select id, product_id, media_id, description, is_thumbnail, sort_order
          from product_images where product_id in (${ids})
        ) i), '[]'::json)`
          : skipped
      },
      'custom_fields', ${
        request.withCustomFields
          ? sql`coalesce((
        select json_agg(f order by f.id) from (
          select id, product_id, name, value from custom_fields where product_id in (${ids})
        ) f), '[]'::json)`
          : skipped
      }
    )::text as graph`,
  );
  return JSON.parse(row!.graph) as ProductGraph;
}

/** A product row as `loadProductRecords` returns it (column names as in the database). */
export interface ProductRecord {
  id: number;
  uid: string;
  name: string;
  sku: string;
  description: string;
  brand_id: number | null;
  weight_grams: number;
  inventory_tracking: 'none' | 'product' | 'variant';
  inventory_level: number;
  is_visible: boolean;
  is_new: boolean;
  is_redesigned: boolean;
  created_at: string;
  updated_at: string;
}

export interface ProductRecordQuery {
  where: SQL;
  orderBy?: SQL[];
  limit?: number;
  offset?: number;
  /** Also count every matching row (for pagination), in the same statement. */
  withTotal?: boolean;
}

/** A page of product rows (and their total), read as one JSON document for the reason above. */
export async function loadProductRecords(
  db: Db,
  query: ProductRecordQuery,
): Promise<{ rows: ProductRecord[]; total: number | null }> {
  const order = query.orderBy?.length ? sql`order by ${sql.join(query.orderBy, sql`, `)}` : sql``;
  const limit = query.limit === undefined ? sql`` : sql`limit ${query.limit}`;
  const offset = query.offset ? sql`offset ${query.offset}` : sql``;
  const total = query.withTotal ? sql`(select count(*) from products where ${query.where})` : sql`null`;
  const [row] = await queryRows<{ page: string; total: number | null }>(
    db,
    sql`select coalesce((
      select json_agg(p) from (
        select id, uid, name, sku, description, brand_id, weight_grams, inventory_tracking, inventory_level,
               is_visible, is_new, is_redesigned, created_at, updated_at
        from products where ${query.where} ${order} ${limit} ${offset}
      ) p), '[]'::json)::text as page,
      ${total}::int as total`,
  );
  return { rows: JSON.parse(row!.page) as ProductRecord[], total: row!.total === null ? null : Number(row!.total) };
}
