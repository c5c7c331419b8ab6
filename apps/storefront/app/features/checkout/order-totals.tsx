import { formatCurrency } from '@piste/core';
import { useDisplayText } from '../../lib/display-text';
import type { CurrencyFormatView } from '../../lib/money';
import styles from './order-totals.module.css';

interface OrderTotalsProps {
  subtotal: number;
  /** Null until an address is quoted: shipping, tax and total are then unknown. */
  priced: { shipping: number; tax: number; taxIncluded: boolean; total: number } | null;
  currency: CurrencyFormatView | null;
}

/**
 * Subtotal, shipping, tax and total. EU VAT is contained in the prices, so it is shown as
 * included; US and Canadian sales tax is added to the total.
 */
export function OrderTotals({ subtotal, priced, currency }: OrderTotalsProps) {
  const t = useDisplayText();
  const money = (amount: number) => formatCurrency(amount, currency);
  return (
    <dl className={styles.totals}>
      <div>
        <dt>{t('Subtotal')}</dt>
        <dd>{money(subtotal)}</dd>
      </div>
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
