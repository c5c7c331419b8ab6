/** What a promotion takes off (docs/promotions.md). */
export const PROMOTION_KINDS = ['percent_off', 'amount_off', 'free_shipping'] as const;
/** What it applies to: the whole cart, the lines of one category, or the lines of one product. */
export const PROMOTION_TARGETS = ['cart', 'category', 'product'] as const;
/** Who may use it: everyone, everyone but pros, or pros only. */
export const PROMOTION_PRO_RULES = ['included', 'excluded', 'only'] as const;
