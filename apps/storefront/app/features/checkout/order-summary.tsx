import { useId, useState } from 'react';
import { formatCurrency } from '@piste/core';
import { useDisplayText } from '../../lib/display-text';
import type { CurrencyFormatView } from '../../lib/money';
import type { CouponAnswer } from '../cart/cart-view';
import { CouponForm } from '../cart/coupon-form';
import type { CheckoutPromotionsView, QuoteView, SummaryLineView } from './checkout-view';
import { OrderTotals } from './order-totals';
import styles from './order-summary.module.css';

interface OrderSummaryProps {
  lines: SummaryLineView[];
  subtotal: number;
  promotions: CheckoutPromotionsView;
  quote: QuoteView | null;
  currency: CurrencyFormatView | null;
  /** The discount code form's answer, when it was posted without JavaScript. */
  couponAnswer: CouponAnswer | undefined;
  /** A code was applied or removed: the totals are quoted again. */
  onCouponChanged: () => void;
}

/**
 * The cart beside the checkout form, with its discount code and savings. On narrow screens with JavaScript it folds behind a
 * toggle at the top that shows the amount; without JavaScript it stays open.
 */
export function OrderSummary({
  lines,
  subtotal,
  promotions,
  quote,
  currency,
  couponAnswer,
  onCouponChanged,
}: OrderSummaryProps) {
  const t = useDisplayText();
  const id = useId();
  const [open, setOpen] = useState(false);
  const money = (amount: number) => formatCurrency(amount, currency);
  return (
    <aside className={styles.summary} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('Order summary')}
      </h2>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setOpen((current) => !current)}
      >
        <span>{open ? t('Hide order summary') : t('Show order summary')}</span>
        <span className={styles.toggleAmount}>{money(quote?.total ?? subtotal)}</span>
      </button>
      <div id={`${id}-body`} className={open ? `${styles.body} ${styles.open}` : styles.body}>
        <ul className={styles.lines}>
          {lines.map((line) => (
            <li key={line.id} className={styles.line}>
              <img className={styles.thumb} src={line.imageUrl} alt="" width={64} height={64} loading="lazy" />
              <span className={styles.lineText}>
                <span className={styles.lineName}>{line.name}</span>
                {line.options.length > 0 ? (
                  <span className={styles.lineOptions}>{line.options.map((value) => t(value)).join(' / ')}</span>
                ) : null}
                <span className={styles.lineQuantity}>{t('Quantity: {count}', { count: line.quantity })}</span>
              </span>
              <span className={styles.linePrice}>{money(line.total)}</span>
            </li>
          ))}
        </ul>
        <CouponForm coupons={promotions.coupons} submitted={couponAnswer} onChanged={onCouponChanged} />
        <OrderTotals
          subtotal={promotions.itemsTotal}
          discounts={promotions.discounts}
          priced={quote}
          currency={currency}
        />
        {promotions.freeShipping ? (
          <p className={styles.freeShipping}>{t('Shipping is free with your discount.')}</p>
        ) : null}
      </div>
    </aside>
  );
}
