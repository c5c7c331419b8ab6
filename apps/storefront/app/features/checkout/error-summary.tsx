import type { Ref } from 'react';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import { fieldId, summaryLabel, type FieldErrors, type FieldName } from './checkout-fields';
import styles from './checkout-form.module.css';

interface ErrorSummaryProps {
  ref: Ref<HTMLDivElement>;
  /** A display-text title about the whole order (a declined card, stock that ran out). */
  message: string | null;
  cartLink: boolean;
  errors: FieldErrors;
}

/**
 * What stopped the order, at the top of the form: the page moves focus here after a failed
 * submission, and each field's problem links to the field.
 */
export function ErrorSummary({ ref, message, cartLink, errors }: ErrorSummaryProps) {
  const t = useDisplayText();
  const fields = Object.entries(errors) as [FieldName, NonNullable<FieldErrors[FieldName]>][];
  return (
    <div ref={ref} tabIndex={-1} className={styles.errorSummary} aria-labelledby="checkout-error-title">
      <h2 id="checkout-error-title" className={styles.errorTitle}>
        {t('Please check your order')}
      </h2>
      {message ? (
        <p>
          {t(message)} {cartLink ? <LocaleLink to="/cart">{t('Review your cart')}</LocaleLink> : null}
        </p>
      ) : null}
      {fields.length > 0 ? (
        <ul>
          {fields.map(([field, error]) => (
            <li key={field}>
              <a href={`#${fieldId(field)}`}>
                {summaryLabel(field, t)}: {t(error.message, error.values)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
