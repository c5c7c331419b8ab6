import { divideRounded } from '../money';
import type { promotions } from '../schema/promotions';
import type { CouponRefusal } from './promotion-contract';

/**
 * The promotion rules (issue 28 §2, docs/promotions.md), pure: whether a promotion holds for a
 * shopper and cart now, and what it takes off each line. Nothing here reads the database.
 */

/** A promotion as the rules read it (a `promotions` row). */
export type PromotionRule = Pick<
  typeof promotions.$inferSelect,
  | 'id'
  | 'name'
  | 'code'
  | 'kind'
  | 'target'
  | 'targetId'
  | 'percentOff'
  | 'amountOffMinor'
  | 'currencyCode'
  | 'regions'
  | 'customerGroupIds'
  | 'pros'
  | 'minSubtotalMinor'
  | 'startsAt'
  | 'endsAt'
  | 'usageLimit'
  | 'perCustomerLimit'
  | 'timesUsed'
  | 'combinesWithSale'
  | 'combinesWithGroupDiscount'
  | 'enabled'
>;

/** A cart line as priced before promotions: what the shopper would otherwise pay for it. */
export interface PromotionLine {
  id: string;
  productId: number;
  categoryIds: readonly number[];
  /** The line's total after sale and group prices, in minor units. */
  payMinor: number;
  /** The variant has a sale price below its list price. */
  onSale: boolean;
  /** The shopper's group discount set the price the line is paid at. */
  groupPriced: boolean;
}

/** Who is shopping, where, in what, when, and what the lines come to before promotions. */
export interface PromotionContext {
  regionId: string;
  currencyCode: string;
  customerGroupId?: number;
  /** The shopper shops in a pro region (docs/accounts.md 'Pro programme'). */
  isPro: boolean;
  now: Date;
  /** The lines' total after sale and group prices, before promotions. */
  subtotalMinor: number;
}

/**
 * The first reason the promotion does not hold for this shopper and cart, or null when it
 * does. The order of checks is the order a shopper can act on: a code that is over for
 * everyone is said to be so before anything about their cart. `countUses: false` leaves the
 * usage limit to the order's redemption (a coupon already on a cart, see priceCartPromotions).
 */
export function promotionRefusal(
  promotion: PromotionRule,
  context: PromotionContext,
  { countUses = true }: { countUses?: boolean } = {},
): CouponRefusal | null {
  if (!promotion.enabled) return 'COUPON_UNKNOWN';
  if (promotion.startsAt && promotion.startsAt.getTime() > context.now.getTime()) return 'COUPON_NOT_STARTED';
  if (promotion.endsAt && promotion.endsAt.getTime() <= context.now.getTime()) return 'COUPON_EXPIRED';
  if (countUses && promotion.usageLimit !== null && promotion.timesUsed >= promotion.usageLimit) {
    return 'COUPON_USED_UP';
  }
  if (promotion.regions.length > 0 && !promotion.regions.includes(context.regionId)) return 'COUPON_NOT_IN_REGION';
  // An amount in one currency means nothing in another: the region's currency decides.
  if (promotion.currencyCode !== null && promotion.currencyCode !== context.currencyCode) return 'COUPON_NOT_IN_REGION';
  if (promotion.pros === 'excluded' && context.isPro) return 'COUPON_NOT_ELIGIBLE';
  if (promotion.pros === 'only' && !context.isPro) return 'COUPON_NOT_ELIGIBLE';
  if (
    promotion.customerGroupIds.length > 0 &&
    (context.customerGroupId === undefined || !promotion.customerGroupIds.includes(context.customerGroupId))
  ) {
    return 'COUPON_NOT_ELIGIBLE';
  }
  if (promotion.minSubtotalMinor !== null && context.subtotalMinor < promotion.minSubtotalMinor) {
    return 'COUPON_BELOW_MINIMUM';
  }
  return null;
}

/**
 * Whether a promotion may take money off a line: the line is its target, and the promotion
 * combines with how the line is already priced (a sale, the shopper's group discount).
 */
export function lineQualifies(promotion: PromotionRule, line: PromotionLine): boolean {
  if (promotion.target === 'category' && !line.categoryIds.includes(promotion.targetId ?? -1)) return false;
  if (promotion.target === 'product' && line.productId !== promotion.targetId) return false;
  if (line.onSale && !promotion.combinesWithSale) return false;
  if (line.groupPriced && !promotion.combinesWithGroupDiscount) return false;
  return true;
}

/**
 * Splits `amount` minor units over `weights` in proportion, exactly (largest remainder): each
 * share is rounded down, and the units left go to the largest remainders (the first on ties).
 */
export function spreadByLargestRemainder(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => BigInt(amount) * BigInt(weight));
  const shares = exact.map((product) => Number(product / BigInt(total)));
  const remainders = exact.map((product, index) => ({ index, rest: Number(product % BigInt(total)) }));
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  remainders.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * What a promotion takes off each line, given what is left to pay on each (`remainingMinor`,
 * by line id): a percentage off each qualifying line, the saving rounded half up per line (money.ts); a fixed amount
 * spread over the qualifying lines in proportion to what is left on them, never more than that.
 * Free shipping takes nothing off the lines.
 */
export function promotionLineSavings(
  promotion: PromotionRule,
  lines: readonly PromotionLine[],
  remainingMinor: ReadonlyMap<string, number>,
): Map<string, number> {
  const savings = new Map<string, number>();
  const qualifying = lines.filter((line) => lineQualifies(promotion, line) && (remainingMinor.get(line.id) ?? 0) > 0);
  if (promotion.kind === 'percent_off' && promotion.percentOff !== null) {
    for (const line of qualifying) {
      const remaining = remainingMinor.get(line.id)!;
      savings.set(line.id, Number(divideRounded(BigInt(remaining) * BigInt(promotion.percentOff), 100n)));
    }
  } else if (promotion.kind === 'amount_off' && promotion.amountOffMinor !== null) {
    const weights = qualifying.map((line) => remainingMinor.get(line.id)!);
    const amount = Math.min(
      promotion.amountOffMinor,
      weights.reduce((sum, weight) => sum + weight, 0),
    );
    spreadByLargestRemainder(amount, weights).forEach((share, index) => savings.set(qualifying[index]!.id, share));
  }
  return savings;
}

/** One promotion's part in a cart's price. */
export interface PricedPromotion {
  promotion: PromotionRule;
  /** Whether it holds for this cart now (a coupon that does not stays listed, saving nothing). */
  applied: boolean;
  /** Why a coupon does not hold; null when it does. */
  refusal: CouponRefusal | null;
  savingMinor: number;
  /** What it took off each line, by line id (lines it took nothing off are absent). */
  lineSavings: Map<string, number>;
}

export interface CartPromotions {
  /** The automatic promotions that hold, then the cart's coupons (held or not), in that order. */
  promotions: PricedPromotion[];
  /** Every promotion's saving. */
  savingsMinor: number;
  freeShipping: boolean;
}

/**
 * Prices a cart's promotions (the stated stacking rule, docs/promotions.md): automatic
 * promotions first (by id), then coupons (as applied); each takes its part off what is left to
 * pay for each line after sale and group prices and the promotions before it. An automatic
 * promotion that does not hold is left out; a coupon that does not is listed with no saving.
 */
export function priceCartPromotions(
  automatic: readonly PromotionRule[],
  coupons: readonly PromotionRule[],
  lines: readonly PromotionLine[],
  context: PromotionContext,
): CartPromotions {
  const remaining = new Map(lines.map((line) => [line.id, line.payMinor]));
  const priced: PricedPromotion[] = [];
  let freeShipping = false;
  const ordered = [...[...automatic].sort((a, b) => a.id - b.id), ...coupons];
  for (const [index, promotion] of ordered.entries()) {
    const isCoupon = index >= automatic.length;
    const lineSavings = promotionLineSavings(promotion, lines, remaining);
    // One that would take nothing off (no line it may touch) does not hold either: nothing to redeem.
    const savesNothing = promotion.kind !== 'free_shipping' && lineSavings.size === 0;
    // A coupon on the cart keeps its saving when its last use goes to another order meanwhile: the
    // order's redemption, under the promotion's lock, is what refuses it (COUPON_USED_UP), so a
    // shopper is never charged more than the price they were shown without being told why.
    const refusal =
      promotionRefusal(promotion, context, { countUses: !isCoupon }) ?? (savesNothing ? 'COUPON_NOT_ELIGIBLE' : null);
    if (refusal !== null) {
      if (isCoupon) priced.push({ promotion, applied: false, refusal, savingMinor: 0, lineSavings: new Map() });
      continue;
    }
    for (const [lineId, saving] of lineSavings) remaining.set(lineId, remaining.get(lineId)! - saving);
    const savingMinor = [...lineSavings.values()].reduce((sum, saving) => sum + saving, 0);
    if (promotion.kind === 'free_shipping') freeShipping = true;
    priced.push({ promotion, applied: true, refusal: null, savingMinor, lineSavings });
  }
  return {
    promotions: priced,
    savingsMinor: priced.reduce((sum, entry) => sum + entry.savingMinor, 0),
    freeShipping,
  };
}

/**
 * Why a coupon cannot be applied to this cart, or null: the promotion's own rules, then that
 * it would change nothing (no line it may take money off, unless it makes shipping free).
 */
export function couponRefusal(
  promotion: PromotionRule,
  lines: readonly PromotionLine[],
  context: PromotionContext,
): CouponRefusal | null {
  const refusal = promotionRefusal(promotion, context);
  if (refusal !== null) return refusal;
  if (promotion.kind !== 'free_shipping' && !lines.some((line) => lineQualifies(promotion, line))) {
    return 'COUPON_NOT_ELIGIBLE';
  }
  return null;
}
