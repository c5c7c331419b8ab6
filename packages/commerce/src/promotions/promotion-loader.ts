import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@piste/db';
import type { PromotionRule } from './promotion-rules';

/** A promotion as a JSON object (timestamps as text), the way the cart graph's one statement carries it. */
export type PromotionJson = Omit<PromotionRule, 'startsAt' | 'endsAt'> & {
  startsAt: string | null;
  endsAt: string | null;
};

/**
 * The columns of `promotions p` under the rules' names, for `row_to_json`. Read on every cart
 * read, without a cache, so a coupon applied or a promotion changed shows at once.
 */
export const PROMOTION_JSON_COLUMNS: SQL = sql.raw(`p.id, p.name, p.code, p.kind, p.target, p.target_id as "targetId",
  p.percent_off as "percentOff", p.amount_off_minor as "amountOffMinor", p.currency_code as "currencyCode",
  p.regions, p.customer_group_ids as "customerGroupIds", p.pros, p.min_subtotal_minor as "minSubtotalMinor",
  p.starts_at as "startsAt", p.ends_at as "endsAt", p.usage_limit as "usageLimit",
  p.per_customer_limit as "perCustomerLimit", p.times_used as "timesUsed",
  p.combines_with_sale as "combinesWithSale", p.combines_with_group_discount as "combinesWithGroupDiscount", p.enabled`);

/** The cart's coupons, oldest first, as a JSON array (a subquery of the cart graph). */
export const cartCouponsJson = (cartId: string): SQL => sql`coalesce((
  select json_agg(row_to_json(c) order by c.applied_at) from (
    select ${PROMOTION_JSON_COLUMNS}, cart_coupons.applied_at
    from cart_coupons join promotions p on p.id = cart_coupons.promotion_id
    where cart_coupons.cart_id = ${cartId}
  ) c), '[]'::json)`;

/** The enabled automatic promotions (no code), as a JSON array; the rules pick those that hold. */
export const automaticPromotionsJson: SQL = sql`coalesce((
  select json_agg(row_to_json(a) order by a.id) from (
    select ${PROMOTION_JSON_COLUMNS} from promotions p where p.code is null and p.enabled
  ) a), '[]'::json)`;

export function promotionFromJson(json: PromotionJson): PromotionRule {
  return {
    ...json,
    startsAt: json.startsAt === null ? null : new Date(json.startsAt),
    endsAt: json.endsAt === null ? null : new Date(json.endsAt),
  };
}

/** The promotion whose code this is (case-insensitively), or null. */
export async function findPromotionByCode(db: Db, code: string): Promise<PromotionRule | null> {
  const [row] = await queryRows<{ promotion: string }>(
    db,
    sql`select row_to_json(x)::text as promotion from (
      select ${PROMOTION_JSON_COLUMNS} from promotions p where lower(p.code) = lower(${code})
    ) x`,
  );
  return row ? promotionFromJson(JSON.parse(row.promotion) as PromotionJson) : null;
}
