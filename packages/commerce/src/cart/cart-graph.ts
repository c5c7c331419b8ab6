import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@piste/db';

export interface CartRecord {
  id: string;
  region_id: string;
  currency_code: string;
  customer_id: number | null;
  secret_hash: string;
  status: 'active' | 'ordered';
  created_at: string;
  updated_at: string;
}

/** A line with what pricing and showing it needs, its variant priced in one price list. */
export interface CartLineRecord {
  id: string;
  product_id: number;
  variant_id: number;
  quantity: number;
  sku: string;
  name: string;
  uid: string;
  /** The variant's image, else the product's first (thumbnail first). */
  media_id: string | null;
  /** Null when the price list does not sell the variant. */
  price: number | null;
  sale_price: number | null;
  retail_price: number | null;
  options: { name: string; value: string }[];
}

export interface CartGraph {
  cart: CartRecord | null;
  /** The price list's currency (its region's default) and its decimal places. */
  currency: { code: string; decimal_places: number } | null;
  lines: CartLineRecord[];
}

/**
 * A cart, its lines priced in `priceListRegion`, and that region's currency, as one JSON
 * document from one statement (for the reason given in catalogue/product-graph.ts).
 */
export async function loadCartGraph(db: Db, cartId: string, priceListRegion: string): Promise<CartGraph> {
  const [row] = await queryRows<{ graph: string }>(
    db,
    sql`select json_build_object(
      'cart', (
        select row_to_json(c) from (
          select id, region_id, currency_code, customer_id, secret_hash, status, created_at, updated_at
          from carts where id = ${cartId}
        ) c),
      'currency', (
        select json_build_object('code', currencies.code, 'decimal_places', currencies.decimal_places)
        from region_currencies join currencies on currencies.code = region_currencies.currency_code
        where region_currencies.region_id = ${priceListRegion}
        order by region_currencies.position limit 1),
      'lines', coalesce((
        select json_agg(l order by l.ordinal) from (
          select items.id, items.product_id, items.variant_id, items.quantity, items.ordinal,
                 variants.sku, products.name, products.uid,
                 coalesce(variants.image_media_id, (
                   select media_id from product_images where product_images.product_id = products.id
                   order by is_thumbnail desc, sort_order, id limit 1
                 )) as media_id,
                 prices.price, prices.sale_price, prices.retail_price,
                 coalesce((
                   select json_agg(json_build_object('name', options.display_name, 'value', option_values.label)
                                   order by options.sort_order, options.id)
                   from option_values join product_options options on options.id = option_values.option_id
                   where option_values.id = any(variants.option_value_ids)
                 ), '[]'::json) as options
          from cart_items items
          join variants on variants.id = items.variant_id
          join products on products.id = items.product_id
          left join variant_prices prices
            on prices.variant_id = items.variant_id and prices.region_id = ${priceListRegion}
          where items.cart_id = ${cartId}
        ) l), '[]'::json)
    )::text as graph`,
  );
  return JSON.parse(row!.graph) as CartGraph;
}
