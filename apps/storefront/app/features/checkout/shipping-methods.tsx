import { formatCurrency } from '@piste/core';
import { FieldError } from '../../components/form/form-field';
import type { FieldMessage } from '../../components/form/form-kit';
import { useDisplayText } from '../../lib/display-text';
import type { CurrencyFormatView } from '../../lib/money';
import { fieldId } from './checkout-fields';
import type { QuoteView } from './checkout-view';
import styles from './checkout-form.module.css';

interface ShippingMethodsProps {
  quote: QuoteView | null;
  /** The chosen method, when the quote offers it; else the quote's own choice (the cheapest). */
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** The destination still lacks a state, so nothing can be quoted yet. */
  needsState: boolean;
  /** A new quote is on its way. */
  pending: boolean;
  error: FieldMessage | undefined;
  currency: CurrencyFormatView | null;
}

/**
 * The shipping options for the address, with their prices. With JavaScript they follow the
 * address as it changes; without, the 'Show shipping options' button asks for them.
 */
export function ShippingMethods({
  quote,
  selectedId,
  onSelect,
  needsState,
  pending,
  error,
  currency,
}: ShippingMethodsProps) {
  const t = useDisplayText();
  const id = fieldId('shipping_method_id');
  const chosen = quote?.options.some((option) => option.id === selectedId) ? selectedId : (quote?.selectedId ?? null);
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className={styles.section}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-busy={pending}
    >
      <legend className={styles.legend}>
        <h2 className={styles.sectionTitle}>{t('Shipping method')}</h2>
      </legend>
      {quote === null ? (
        <p className={styles.note}>
          {needsState
            ? t('Choose your state or province to see the shipping options.')
            : t('Enter your address to see the shipping options.')}
        </p>
      ) : quote.options.length === 0 ? (
        <p className={styles.note}>{t('We do not ship to this address.')}</p>
      ) : (
        <div className={pending ? `${styles.methods} ${styles.pending}` : styles.methods}>
          {quote.options.map((option) => (
            <label key={option.id} className={styles.method}>
              <input
                type="radio"
                name="shipping_method_id"
                value={option.id}
                checked={option.id === chosen}
                onChange={() => onSelect(option.id)}
              />
              <span className={styles.methodName}>{t(option.name)}</span>
              <span className={styles.methodPrice}>
                {option.cost === 0 ? t('Free') : formatCurrency(option.cost, currency)}
              </span>
            </label>
          ))}
        </div>
      )}
      <FieldError id={id} error={error} />
      <p role="status" className={styles.visuallyHidden}>
        {pending ? t('Updating shipping options…') : ''}
      </p>
      {/* Without JavaScript nothing quotes as the address changes: this asks the server. */}
      <button type="submit" name="intent" value="quote" className={`button-secondary ${styles.noScript}`}>
        {quote ? t('Update shipping and totals') : t('Show shipping options')}
      </button>
    </fieldset>
  );
}
