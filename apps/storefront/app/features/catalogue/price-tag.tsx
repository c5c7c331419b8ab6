import { formatCurrency } from '@piste/core';
import type { CurrencyFormatView } from '../../lib/money';
import { useDisplayText } from '../../lib/display-text';
import { priceView, type ShopperGroup } from './price-view';
import styles from './price-tag.module.css';

interface PriceTagProps {
  price: number;
  salePrice: number | null;
  /** What the shopper pays (calculated_price); with a shopper group, their group price. */
  calculatedPrice?: number | null;
  /** Whose group prices the shopper sees; none, list and sale prices only. */
  shopperGroup?: ShopperGroup | null;
  currency: CurrencyFormatView | null;
}

/**
 * The price a shopper pays: the regular price struck through while on sale, or a group
 * member's own price with its label (a pro's "Pro price", never shown as a sale).
 */
export function PriceTag({ price, salePrice, calculatedPrice, shopperGroup = null, currency }: PriceTagProps) {
  const t = useDisplayText();
  const format = (amount: number) => formatCurrency(amount, currency);
  const view = priceView({ price, salePrice, calculatedPrice }, shopperGroup);
  if (view.kind === 'regular') return <span className={styles.price}>{format(view.amount)}</span>;
  if (view.kind === 'group') {
    return (
      <span className={styles.price}>
        {format(view.amount)} <span className={styles.groupLabel}>{t(view.label)}</span>
      </span>
    );
  }
  return (
    <span className={styles.price}>
      <span className={styles.sale}>{format(view.amount)}</span>{' '}
      <s className={styles.regular}>
        <span className={styles.visuallyHidden}>{t('Was')} </span>
        {format(view.was)}
      </s>
    </span>
  );
}
