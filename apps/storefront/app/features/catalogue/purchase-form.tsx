import { useState, type ComponentType } from 'react';
import type { FetcherFormProps } from 'react-router';
import { findVariant, stockStateOf, type ProductVariantView, type ProductView } from './product-view';
import { useCartEvent, type CartEvent } from '../tracking/analytics';
import { useDisplayText, type Translate } from '../../lib/display-text';
import { SizePicker } from './size-picker';
import styles from './purchase-form.module.css';

/** The most of one variant a shopper can add at once. */
export const MAX_QUANTITY = 10;

export interface PurchaseResult {
  ok: boolean;
  /** A display-text title, translated where it is shown. */
  message: string;
  values?: Record<string, string | number>;
  /** The `add_to_cart` event of a successful add. */
  analytics?: CartEvent;
}

interface PurchaseFormProps {
  product: ProductView;
  /** The selected colour's label. */
  colour: string;
  /** The page's `Form`, or a fetcher's when the form must not navigate (quick add). */
  FormComponent: ComponentType<FetcherFormProps>;
  /** The product route to post to; the current route when absent. */
  action?: string;
  submitting: boolean;
  result: PurchaseResult | undefined;
}

function stockMessage(variant: ProductVariantView | undefined, t: Translate): string {
  if (!variant) return t('Choose a size');
  const state = stockStateOf(variant);
  if (state === 'out-of-stock') return t('Out of stock');
  if (state === 'low') return t('Only {count} left', { count: variant.inventoryLevel });
  return t('In stock');
}

/**
 * Size, stock state, quantity and add to cart for one colour of a product (spec §2 'Product
 * page'): the product page and the add-on quick-add modal post the same fields to the
 * product route's action.
 */
export function PurchaseForm({ product, colour, FormComponent, action, submitting, result }: PurchaseFormProps) {
  const t = useDisplayText();
  useCartEvent(result?.analytics);
  const [size, setSize] = useState<string | null>(product.sizes.length === 1 ? product.sizes[0]! : null);
  const variant = size ? findVariant(product, colour, size) : undefined;
  const soldOut = new Set(
    product.sizes.filter((candidate) => {
      const match = findVariant(product, colour, candidate);
      return !match || !match.inStock;
    }),
  );
  return (
    <FormComponent method="post" action={action} className={styles.buy} preventScrollReset>
      <SizePicker sizes={product.sizes} selected={size} soldOut={soldOut} onSelect={setSize} />
      <p className={styles.stock} role="status">
        {stockMessage(variant, t)}
      </p>
      <input type="hidden" name="variantId" value={variant?.id ?? ''} />
      <label className={styles.quantity}>
        {t('Quantity')}
        <input type="number" name="quantity" min={1} max={MAX_QUANTITY} defaultValue={1} inputMode="numeric" />
      </label>
      <button type="submit" className="button-primary" disabled={!variant || !variant.inStock || submitting}>
        {submitting ? t('Adding…') : t('Add to cart')}
      </button>
      {result ? (
        <p role="alert" className={result.ok ? styles.notice : styles.problem}>
          {t(result.message, result.values)}
        </p>
      ) : null}
    </FormComponent>
  );
}
