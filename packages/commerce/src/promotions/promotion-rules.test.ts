import { describe, expect, it } from 'vitest';
import {
  couponRefusal,
  priceCartPromotions,
  promotionRefusal,
  spreadByLargestRemainder,
  type PromotionContext,
  type PromotionLine,
  type PromotionRule,
} from './promotion-rules';

const NOW = new Date('2026-11-27T12:00:00Z');

function promotion(fields: Partial<PromotionRule> = {}): PromotionRule {
  return {
    id: 1,
    name: 'Welcome',
    code: 'WELCOME10',
    kind: 'percent_off',
    target: 'cart',
    targetId: null,
    percentOff: 10,
    amountOffMinor: null,
    currencyCode: null,
    regions: [],
    customerGroupIds: [],
    pros: 'included',
    minSubtotalMinor: null,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    timesUsed: 0,
    combinesWithSale: true,
    combinesWithGroupDiscount: true,
    enabled: true,
    ...fields,
  };
}

function line(id: string, payMinor: number, fields: Partial<PromotionLine> = {}): PromotionLine {
  return { id, productId: 1, categoryIds: [], payMinor, onSale: false, groupPriced: false, ...fields };
}

const context = (fields: Partial<PromotionContext> = {}): PromotionContext => ({
  regionId: 'eu_region_1',
  currencyCode: 'EUR',
  isPro: false,
  now: NOW,
  subtotalMinor: 10_000,
  ...fields,
});

describe('promotion eligibility', () => {
  it('holds when nothing rules it out', () => {
    expect(promotionRefusal(promotion(), context())).toBeNull();
  });

  it('names the reason a shopper can act on', () => {
    expect(promotionRefusal(promotion({ enabled: false }), context())).toBe('COUPON_UNKNOWN');
    expect(promotionRefusal(promotion({ startsAt: new Date('2026-12-01') }), context())).toBe('COUPON_NOT_STARTED');
    expect(promotionRefusal(promotion({ endsAt: new Date('2025-12-31T23:59:59Z') }), context())).toBe('COUPON_EXPIRED');
    expect(promotionRefusal(promotion({ usageLimit: 10, timesUsed: 10 }), context())).toBe('COUPON_USED_UP');
    expect(promotionRefusal(promotion({ regions: ['us'] }), context())).toBe('COUPON_NOT_IN_REGION');
    expect(promotionRefusal(promotion({ currencyCode: 'USD' }), context())).toBe('COUPON_NOT_IN_REGION');
    expect(promotionRefusal(promotion({ minSubtotalMinor: 10_001 }), context())).toBe('COUPON_BELOW_MINIMUM');
  });

  it('ends at its end time exactly, and starts at its start time', () => {
    expect(promotionRefusal(promotion({ endsAt: NOW }), context())).toBe('COUPON_EXPIRED');
    expect(promotionRefusal(promotion({ startsAt: NOW }), context())).toBeNull();
    expect(promotionRefusal(promotion({ minSubtotalMinor: 10_000 }), context())).toBeNull();
  });

  it('keeps pros out, or lets only pros in, as the promotion says', () => {
    expect(promotionRefusal(promotion({ pros: 'excluded' }), context({ isPro: true }))).toBe('COUPON_NOT_ELIGIBLE');
    expect(promotionRefusal(promotion({ pros: 'excluded' }), context())).toBeNull();
    expect(promotionRefusal(promotion({ pros: 'only' }), context())).toBe('COUPON_NOT_ELIGIBLE');
    expect(promotionRefusal(promotion({ pros: 'only' }), context({ isPro: true }))).toBeNull();
  });

  it('limits to customer groups, guests outside every group', () => {
    const forGroup = promotion({ customerGroupIds: [3] });
    expect(promotionRefusal(forGroup, context())).toBe('COUPON_NOT_ELIGIBLE');
    expect(promotionRefusal(forGroup, context({ customerGroupId: 2 }))).toBe('COUPON_NOT_ELIGIBLE');
    expect(promotionRefusal(forGroup, context({ customerGroupId: 3 }))).toBeNull();
  });

  it('refuses a coupon that could take nothing off this cart', () => {
    const goggles = promotion({ target: 'category', targetId: 7 });
    expect(couponRefusal(goggles, [line('a', 5000, { categoryIds: [2] })], context())).toBe('COUPON_NOT_ELIGIBLE');
    expect(couponRefusal(goggles, [line('a', 5000, { categoryIds: [7] })], context())).toBeNull();
    const freeShipping = promotion({ kind: 'free_shipping', percentOff: null });
    expect(couponRefusal(freeShipping, [], context())).toBeNull();
  });
});

describe('largest-remainder spreading', () => {
  it('sums exactly and follows the weights', () => {
    expect(spreadByLargestRemainder(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(spreadByLargestRemainder(1001, [2500, 5000, 2500])).toEqual([250, 501, 250]);
    expect(spreadByLargestRemainder(7, [0, 3, 4])).toEqual([0, 3, 4]);
    expect(spreadByLargestRemainder(5, [])).toEqual([]);
    const shares = spreadByLargestRemainder(99_999, [333, 777, 1, 12_345]);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(99_999);
  });
});

describe('a cart priced with promotions (the stacking rule)', () => {
  it('takes a percentage off each line, rounded half up per line', () => {
    const priced = priceCartPromotions([], [promotion()], [line('a', 1995), line('b', 5000)], context());
    // 10 % of 19.95 is 1.995 → 2.00; of 50.00 is 5.00.
    expect(priced.promotions[0]!.lineSavings).toEqual(
      new Map([
        ['a', 200],
        ['b', 500],
      ]),
    );
    expect(priced.savingsMinor).toBe(700);
  });

  it('spreads an amount off over the lines in proportion, never more than they cost', () => {
    const amount = promotion({ kind: 'amount_off', percentOff: null, amountOffMinor: 1000, currencyCode: 'EUR' });
    const priced = priceCartPromotions([], [amount], [line('a', 1000), line('b', 2000)], context());
    expect([...priced.promotions[0]!.lineSavings.values()]).toEqual([333, 667]);
    const small = priceCartPromotions([], [{ ...amount, amountOffMinor: 5000 }], [line('a', 1200)], context());
    expect(small.savingsMinor).toBe(1200);
  });

  it('skips lines on sale or at the group price unless the promotion combines with them', () => {
    const lines = [
      line('sale', 1000, { onSale: true }),
      line('group', 1000, { groupPriced: true }),
      line('list', 1000),
    ];
    const strict = promotion({ combinesWithSale: false, combinesWithGroupDiscount: false });
    expect([...priceCartPromotions([], [strict], lines, context()).promotions[0]!.lineSavings.keys()]).toEqual([
      'list',
    ]);
    const withSale = promotion({ combinesWithSale: true, combinesWithGroupDiscount: false });
    expect([...priceCartPromotions([], [withSale], lines, context()).promotions[0]!.lineSavings.keys()]).toEqual([
      'sale',
      'list',
    ]);
  });

  it('takes a category or product promotion off its lines only', () => {
    const lines = [line('goggle', 10_000, { categoryIds: [7] }), line('helmet', 10_000, { productId: 9 })];
    const category = promotion({ target: 'category', targetId: 7, percentOff: 15 });
    const product = promotion({ id: 2, target: 'product', targetId: 9, percentOff: 20 });
    const priced = priceCartPromotions([category], [product], lines, context());
    expect(priced.promotions.map((entry) => Object.fromEntries(entry.lineSavings))).toEqual([
      { goggle: 1500 },
      { helmet: 2000 },
    ]);
  });

  it('applies automatic promotions first, each on what the one before left', () => {
    const sale = promotion({ id: 5, code: null, percentOff: 50 });
    const coupon = promotion({ id: 1, percentOff: 10 });
    const priced = priceCartPromotions([sale], [coupon], [line('a', 10_000)], context());
    expect(priced.promotions.map((entry) => entry.savingMinor)).toEqual([5000, 500]);
    expect(priced.savingsMinor).toBe(5500);
  });

  it('lists a coupon that no longer holds with no saving, and leaves out an automatic one', () => {
    const expiredSale = promotion({ id: 5, code: null, endsAt: new Date('2026-01-01') });
    const minimum = promotion({ minSubtotalMinor: 50_000 });
    const priced = priceCartPromotions([expiredSale], [minimum], [line('a', 10_000)], context());
    expect(priced.promotions).toHaveLength(1);
    expect(priced.promotions[0]).toMatchObject({ applied: false, refusal: 'COUPON_BELOW_MINIMUM', savingMinor: 0 });
    expect(priced.savingsMinor).toBe(0);
  });

  it('makes shipping free only where a free-shipping promotion holds', () => {
    const freeShipping = promotion({ kind: 'free_shipping', percentOff: null, regions: ['eu_region_1'] });
    expect(priceCartPromotions([], [freeShipping], [line('a', 100)], context()).freeShipping).toBe(true);
    expect(priceCartPromotions([], [freeShipping], [line('a', 100)], context({ regionId: 'us' })).freeShipping).toBe(
      false,
    );
  });
});

describe('a promotion with nothing to take off', () => {
  it('does not hold: the coupon stays listed, unapplied', () => {
    const strict = promotion({ combinesWithSale: false });
    const priced = priceCartPromotions([], [strict], [line('a', 1000, { onSale: true })], context());
    expect(priced.promotions[0]).toMatchObject({ applied: false, refusal: 'COUPON_NOT_ELIGIBLE', savingMinor: 0 });
  });
});

describe('usage limits in the cart', () => {
  it('keeps a coupon on the cart priced when its uses run out, and drops a used-up automatic promotion', () => {
    const usedUp = { usageLimit: 10, timesUsed: 10 };
    const priced = priceCartPromotions(
      [promotion({ id: 7, code: null, ...usedUp })],
      [promotion(usedUp)],
      [line('a', 1000)],
      context(),
    );
    expect(priced.promotions.map((entry) => [entry.promotion.id, entry.savingMinor])).toEqual([[1, 100]]);
    expect(couponRefusal(promotion(usedUp), [line('a', 1000)], context())).toBe('COUPON_USED_UP');
  });
});
