import type { ReactNode } from 'react';
import { FieldError } from '../../components/form/form-field';
import type { FieldMessage } from '../../components/form/form-kit';
import { useDisplayText } from '../../lib/display-text';
import { fieldId, NEW_ADDRESS } from './checkout-fields';
import type { SavedAddressView } from './checkout-view';
import styles from './checkout-form.module.css';

interface SavedAddressChoiceProps {
  addresses: SavedAddressView[];
  /** A saved address's id, or NEW_ADDRESS. */
  chosenId: string;
  onChoose: (id: string) => void;
  error: FieldMessage | undefined;
}

/**
 * A signed-in customer's address book at the checkout: one radio per saved address and one for
 * a new address. Choosing fills the address fields below (which stay editable); the server
 * accepts only the customer's own addresses. Native radios: Tab reaches the group, the arrow
 * keys choose.
 */
export function SavedAddressChoice({ addresses, chosenId, onChoose, error }: SavedAddressChoiceProps) {
  const t = useDisplayText();
  const id = fieldId('shipping_address_id');
  const option = (value: string, content: ReactNode) => (
    <label key={value} className={`${styles.method} ${styles.savedAddress}`}>
      <input
        type="radio"
        name="shipping_address_id"
        value={value}
        checked={chosenId === value}
        onChange={() => onChoose(value)}
      />
      {content}
    </label>
  );
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={error ? `${id}-error` : undefined}
      className={styles.section}
    >
      <legend id={`${id}-legend`} className={styles.subLegend}>
        {t('Ship to a saved address')}
      </legend>
      <div className={styles.methods}>
        {addresses.map((address) =>
          option(
            address.id,
            <span className={styles.savedAddressLines}>
              {address.lines.map((line, index) => (
                <span key={index}>{line}</span>
              ))}
              {address.isDefault ? <span className={styles.savedAddressDefault}>{t('Default address')}</span> : null}
            </span>,
          ),
        )}
        {option(NEW_ADDRESS, <span>{t('Use a new address')}</span>)}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
