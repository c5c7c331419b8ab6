import { formatCurrency } from '@piste/core';
import type { CurrencyFormatView } from './product-view';
import { useDisplayText } from '../../lib/display-text';
import styles from './price-tag.module.css';

interface PriceTagProps {
  price: number;
  salePrice: number | null;
  currency: CurrencyFormatView | null;
}

/** The price a shopper pays, with the regular price struck through while on sale. */
export function PriceTag({ price, salePrice, currency }: PriceTagProps) {
  const t = useDisplayText();
  const format = (amount: number) => formatCurrency(amount, currency ?? undefined);
  if (salePrice === null || salePrice >= price) return <span className={styles.price}>{format(price)}</span>;
  return (
    <span className={styles.price}>
      <span className={styles.sale}>{format(salePrice)}</span>{' '}
      <s className={styles.regular}>
        <span className={styles.visuallyHidden}>{t('Was')} </span>
        {format(price)}
      </s>
    </span>
  );
}
