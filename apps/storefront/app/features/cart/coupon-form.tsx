import { useEffect, useId, useRef } from 'react';
import { useFetcher } from 'react-router';
import { useDisplayText } from '../../lib/display-text';
import { MAX_COUPON_LENGTH, type CartView, type CouponAnswer } from './cart-view';
import styles from './coupon-form.module.css';

interface CouponFormProps {
  /** The codes applied to the cart. */
  coupons: CartView['coupons'];
  /** The answer to a form posted without JavaScript (the page's action data), when it was a coupon's. */
  submitted: CouponAnswer | undefined;
  /** Told when a code was applied or removed (the checkout quotes its totals again). */
  onChanged?: () => void;
}

/**
 * "Discount code": a field and Apply (`intent=apply-coupon`), and each applied code with its
 * Remove (`intent=remove-coupon`). Real forms posting to the page's action, so they work without
 * JavaScript; with it they post through a fetcher, the page stays where it is and focus stays
 * in the field (after a removal it returns there, as the Remove button is gone).
 */
export function CouponForm({ coupons, submitted, onChanged }: CouponFormProps) {
  const t = useDisplayText();
  const id = useId();
  const fetcher = useFetcher<CouponAnswer>();
  const input = useRef<HTMLInputElement>(null);
  const answer = fetcher.data ?? submitted;
  const refused = answer !== undefined && !answer.ok;
  const fetched = fetcher.state === 'idle' ? fetcher.data : undefined;

  useEffect(() => {
    if (!fetched?.ok || !input.current) return;
    input.current.value = '';
    input.current.focus();
    onChanged?.();
    // Once per answer: `onChanged` may be a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetched]);

  return (
    <div className={styles.coupon}>
      <fetcher.Form method="post" className={styles.apply} noValidate>
        <input type="hidden" name="intent" value="apply-coupon" />
        <label htmlFor={`${id}-code`} className={styles.label}>
          {t('Discount code')}
        </label>
        <div className={styles.row}>
          <input
            ref={input}
            id={`${id}-code`}
            name="coupon_code"
            className={styles.control}
            defaultValue={submitted && !submitted.ok ? submitted.typed : ''}
            maxLength={MAX_COUPON_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={refused ? true : undefined}
            aria-describedby={answer ? `${id}-message` : undefined}
          />
          <button type="submit" className="button-secondary" aria-disabled={fetcher.state !== 'idle' || undefined}>
            {t('Apply')}
          </button>
        </div>
      </fetcher.Form>
      <div aria-live="polite">
        {answer ? (
          <p id={`${id}-message`} className={answer.ok ? styles.applied : styles.refused}>
            {t(answer.message, answer.values)}
          </p>
        ) : null}
      </div>
      {coupons.length > 0 ? (
        <ul className={styles.codes} aria-label={t('Applied discount codes')}>
          {coupons.map((coupon) => (
            <li key={coupon.code} className={styles.code}>
              <span>
                <strong className={styles.codeName}>{coupon.code}</strong>
                {coupon.name ? <span className={styles.promotion}>{t(coupon.name)}</span> : null}
              </span>
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="remove-coupon" />
                <input type="hidden" name="code" value={coupon.code} />
                <button
                  type="submit"
                  className={styles.remove}
                  aria-label={t('Remove the code {code}', { code: coupon.code })}
                >
                  {t('Remove')}
                </button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
