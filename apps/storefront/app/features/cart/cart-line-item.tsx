import { Form } from 'react-router';
import { formatCurrency } from '@piste/core';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import { PriceTag } from '../catalogue/price-tag';
import type { ShopperGroup } from '../catalogue/price-view';
import type { CurrencyFormatView } from '../../lib/money';
import type { CartLineView } from './cart-view';
import styles from './cart-line-item.module.css';

interface CartLineItemProps {
  line: CartLineView;
  currency: CurrencyFormatView | null;
  /** The most one line may hold. */
  maxQuantity: number;
  /** A signed-in group member sees their group price as such (a pro never as a sale). */
  shopperGroup: ShopperGroup | null;
}

/**
 * One cart line: image, name, options, unit and line price, what promotions took off it, a
 * quantity stepper and remove.
 * Both are plain forms posting to the cart route, so they work before (or without) scripts;
 * the stepper posts the new quantity itself, so a repeated click changes nothing twice.
 */
export function CartLineItem({ line, currency, maxQuantity, shopperGroup }: CartLineItemProps) {
  const t = useDisplayText();
  const product = { product: line.name };
  return (
    <li className={styles.line}>
      <div className={styles.image}>
        {line.imageUrl ? <img src={line.imageUrl} alt="" width={96} height={128} loading="lazy" /> : null}
      </div>
      <div className={styles.info}>
        <h2 className={styles.name}>
          <LocaleLink to={`/p/${line.uid}`}>{line.name}</LocaleLink>
        </h2>
        {line.options.length > 0 ? (
          <p className={styles.options}>
            {line.options.map((option) => `${t(option.name)}: ${t(option.value)}`).join(' · ')}
          </p>
        ) : null}
        <p className={styles.unit}>
          {t('Unit price')}:{' '}
          <PriceTag
            price={line.listPrice}
            salePrice={shopperGroup === null && line.salePrice < line.listPrice ? line.salePrice : null}
            calculatedPrice={line.salePrice}
            shopperGroup={shopperGroup}
            currency={currency}
          />
        </p>
        {line.savings.length > 0 ? (
          <ul className={styles.savings} aria-label={t('Savings on {product}', product)}>
            {line.savings.map((saving) => (
              <li key={saving.name}>
                {t(saving.name)}: {formatCurrency(-saving.amount, currency)}
              </li>
            ))}
          </ul>
        ) : null}
        <div className={styles.controls}>
          <Form method="post" preventScrollReset className={styles.stepper}>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="itemId" value={line.id} />
            <button
              type="submit"
              name="quantity"
              value={line.quantity - 1}
              disabled={line.quantity <= 1}
              aria-label={t('Decrease quantity of {product}', product)}
            >
              −
            </button>
            <span className={styles.quantity}>
              <span className={styles.visuallyHidden}>{t('Quantity')}: </span>
              {line.quantity}
            </span>
            <button
              type="submit"
              name="quantity"
              value={line.quantity + 1}
              disabled={line.quantity >= maxQuantity}
              aria-label={t('Increase quantity of {product}', product)}
            >
              +
            </button>
          </Form>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="itemId" value={line.id} />
            <button type="submit" className={styles.remove} aria-label={t('Remove {product}', product)}>
              {t('Remove')}
            </button>
          </Form>
        </div>
      </div>
      <p className={styles.linePrice}>
        <span className={styles.visuallyHidden}>{t('Total')}: </span>
        {formatCurrency(line.linePrice, currency)}
      </p>
    </li>
  );
}
