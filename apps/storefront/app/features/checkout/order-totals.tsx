import { formatCurrency } from '@piste/core';
import { useDisplayText } from '../../lib/display-text';
import type { CurrencyFormatView } from '../../lib/money';
import type { DiscountRowView } from '../cart/cart-view';
import { discountLabel } from '../cart/discount-label';
import styles from './order-totals.module.css';

interface OrderTotalsProps {
  /** What the lines cost before promotions. */
  subtotal: number;
  /** Each promotion's saving, shown negative under the subtotal. */
  discounts?: readonly Omit<DiscountRowView, 'key'>[];
  /** Null until an address is quoted: shipping, tax and total are then unknown. */
  priced: { shipping: number; tax: number; taxIncluded: boolean; total: number } | null;
  currency: CurrencyFormatView | null;
}

/**
 * Subtotal, savings ("Discount (WELCOME10)" or a promotion's name), shipping, tax and total. EU VAT is contained in the prices, so it is shown as
 * included; US and Canadian sales tax is added to the total.
 */
export function OrderTotals({ subtotal, discounts = [], priced, currency }: OrderTotalsProps) {
  const t = useDisplayText();
  const money = (amount: number) => formatCurrency(amount, currency);
  return (
    <dl className={styles.totals}>
      <div>
        <dt>{t('Subtotal')}</dt>
        <dd>{money(subtotal)}</dd>
      </div>
      {discounts.map((row) => (
        <div key={`${row.code ?? ''}:${row.name}`} className={styles.discount}>
          <dt>{discountLabel(t, row)}</dt>
          <dd>{money(-row.amount)}</dd>
        </div>
      ))}
      <div>
        <dt>{t('Shipping')}</dt>
        <dd>
          {priced === null
            ? t('Calculated from your address')
            : priced.shipping === 0
              ? t('Free')
              : money(priced.shipping)}
        </dd>
      </div>
      {priced ? (
        <>
          <div>
            <dt>{priced.taxIncluded ? t('VAT included') : t('Sales tax')}</dt>
            <dd>{money(priced.tax)}</dd>
          </div>
          <div className={styles.total}>
            <dt>{t('Total')}</dt>
            <dd>{money(priced.total)}</dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
