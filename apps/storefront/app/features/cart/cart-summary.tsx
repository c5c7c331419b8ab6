import { useId } from 'react';
import { formatCurrency } from '@piste/core';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import type { CurrencyFormatView } from '../../lib/money';
import type { CartView, CouponAnswer, FreeShippingView } from './cart-view';
import { CouponForm } from './coupon-form';
import { discountLabel } from './discount-label';
import styles from './cart-summary.module.css';

interface CartSummaryProps {
  cart: Pick<CartView, 'itemsTotal' | 'subtotal' | 'coupons' | 'discounts' | 'freeShipping'>;
  freeShipping: FreeShippingView | null;
  currency: CurrencyFormatView | null;
  /** The discount code form's answer, when it was posted without JavaScript. */
  couponAnswer: CouponAnswer | undefined;
  /** Whether this shop takes discount codes in the cart (not on BigCommerce, whose checkout takes them). */
  takesCoupons: boolean;
}

/**
 * The cart's totals with each promotion's saving (negative, under its code or name), the
 * discount code, how far the cart is from free shipping, and the way to checkout.
 */
export function CartSummary({ cart, freeShipping, currency, couponAnswer, takesCoupons }: CartSummaryProps) {
  const t = useDisplayText();
  const headingId = useId();
  const format = (amount: number) => formatCurrency(amount, currency);
  const discounted = cart.discounts.length > 0;
  return (
    <section className={styles.summary} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('Order summary')}
      </h2>
      <dl className={styles.totals}>
        <div>
          <dt>{t('Subtotal')}</dt>
          <dd>{format(cart.itemsTotal)}</dd>
        </div>
        {cart.discounts.map((row) => (
          <div key={row.key} className={styles.discount}>
            <dt>{discountLabel(t, row)}</dt>
            <dd>{format(-row.amount)}</dd>
          </div>
        ))}
        {discounted ? (
          <div className={styles.total}>
            <dt>{t('Total after discounts')}</dt>
            <dd>{format(cart.subtotal)}</dd>
          </div>
        ) : null}
      </dl>
      {cart.freeShipping ? (
        <p className={styles.freeShippingNote}>{t('Shipping is free with your discount.')}</p>
      ) : freeShipping ? (
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
      {takesCoupons ? <CouponForm coupons={cart.coupons} submitted={couponAnswer} /> : null}
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
