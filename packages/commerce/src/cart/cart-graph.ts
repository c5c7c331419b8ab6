import { sql } from 'drizzle-orm';
import { queryRowsPrepared, type Db } from '@piste/db';
import { automaticPromotionsJson, cartCouponsJson, type PromotionJson } from '../promotions/promotion-loader';

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
  /** The product's categories, for customer-group discounts by category. */
  category_ids: number[];
  options: { name: string; value: string }[];
}

export interface CartGraph {
  cart: CartRecord | null;
  /** The price list's currency (its region's default) and its decimal places. */
  currency: { code: string; decimal_places: number } | null;
  lines: CartLineRecord[];
  /** The coupons applied to the cart, oldest first (docs/promotions.md). */
  coupons: PromotionJson[];
  /** The enabled automatic promotions; pricing keeps those that hold for the shopper and cart. */
  automatic_promotions: PromotionJson[];
}

/**
 * A cart, its lines priced in `priceListRegion`, that region's currency and the promotions that
 * may apply to it, as one JSON document from one statement (for the reason given in
 * catalogue/product-graph.ts), prepared: every cart change reads it back, and planning it cost
 * as much as running it.
 */
export async function loadCartGraph(db: Db, cartId: string, priceListRegion: string): Promise<CartGraph> {
  const [row] = await queryRowsPrepared<{ graph: string }>(
    db,
    'cart_graph',
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
      'coupons', ${cartCouponsJson(cartId)},
      'automatic_promotions', ${automaticPromotionsJson},
      'lines', coalesce((
        select json_agg(l order by l.ordinal) from (
          select items.id, items.product_id, items.variant_id, items.quantity, items.ordinal,
                 variant.sku, product.name, product.uid,
                 coalesce(variant.image_media_id, (
                   select media_id from product_images where product_images.product_id = items.product_id
                   order by is_thumbnail desc, sort_order, id limit 1
                 )) as media_id,
                 prices.price, prices.sale_price, prices.retail_price,
                 array(
                   select category_id from product_categories where product_categories.product_id = items.product_id
                 ) as category_ids,
                 coalesce((
                   select json_agg(json_build_object('name', options.display_name, 'value', option_values.label)
                                   order by options.sort_order, options.id)
                   from unnest(variant.option_value_ids) as value_ids(id)
                   join option_values on option_values.id = value_ids.id
                   join product_options options on options.id = option_values.option_id
                 ), '[]'::json) as options
          from cart_items items
          -- Primary-key lookups per line (\`limit 1\` keeps the planner from flattening them into
          -- scans of whole tables, which grow with the catalogue; see catalogue/product-graph.ts).
          cross join lateral (
            select sku, image_media_id, option_value_ids from variants where variants.id = items.variant_id limit 1
          ) variant
          cross join lateral (
            select name, uid from products where products.id = items.product_id limit 1
          ) product
          left join lateral (
            select price, sale_price, retail_price from variant_prices
            where variant_prices.variant_id = items.variant_id and variant_prices.region_id = ${priceListRegion}
            limit 1
          ) prices on true
          where items.cart_id = ${cartId}
        ) l), '[]'::json)
    )::text as graph`,
  );
  return JSON.parse(row!.graph) as CartGraph;
}
