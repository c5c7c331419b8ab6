import { useId } from 'react';
import { formatCurrency } from '@piste/core';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import type { CurrencyFormatView } from '../../lib/money';
import type { FreeShippingView } from './cart-view';
import styles from './cart-summary.module.css';

interface CartSummaryProps {
  subtotal: number;
  freeShipping: FreeShippingView | null;
  currency: CurrencyFormatView | null;
}

/** The cart's totals, how far it is from free shipping, and the way to checkout. */
export function CartSummary({ subtotal, freeShipping, currency }: CartSummaryProps) {
  const t = useDisplayText();
  const headingId = useId();
  const format = (amount: number) => formatCurrency(amount, currency);
  return (
    <section className={styles.summary} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('Order summary')}
      </h2>
      <dl className={styles.totals}>
        <div>
          <dt>{t('Subtotal')}</dt>
          <dd>{format(subtotal)}</dd>
        </div>
      </dl>
      {freeShipping ? (
        <div className={styles.freeShipping}>
          <p>
            {freeShipping.remaining > 0
              ? t('Spend {amount} more for free shipping.', { amount: format(freeShipping.remaining) })
              : t('Your order qualifies for free shipping.')}
          </p>
          <progress
            max={freeShipping.threshold}
            value={freeShipping.threshold - freeShipping.remaining}
            aria-label={t('Free shipping progress')}
          />
        </div>
      ) : null}
      <p className={styles.note}>{t('Shipping and taxes are calculated at checkout.')}</p>
      {/* Not prefetched: checkout prices the cart when it opens, and the shopper may still change it here.
          A document load: the checkout page's own policy lets it frame the payment provider (issue 28). */}
      <LocaleLink to="/checkout" className="button-primary" prefetch="none" reloadDocument>
        {t('Checkout')}
      </LocaleLink>
      <LocaleLink to="/" className={styles.continue}>
        {t('Continue shopping')}
      </LocaleLink>
    </section>
  );
}
