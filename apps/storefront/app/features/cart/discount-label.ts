import type { Translate } from '../../lib/display-text';
import type { DiscountRowView } from './cart-view';

/**
 * A saving row's label in the totals: "Discount (WELCOME10)" for a coupon, the promotion's own
 * name for an automatic one (a name without a display text shows as the merchant wrote it).
 */
export function discountLabel(t: Translate, row: Pick<DiscountRowView, 'code' | 'name'>): string {
  return row.code ? t('Discount ({code})', { code: row.code }) : t(row.name);
}
