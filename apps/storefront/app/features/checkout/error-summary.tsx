import type { Ref } from 'react';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText, type Translate } from '../../lib/display-text';
import { fieldId, summaryLabel, type FieldMessage, type FieldName } from './checkout-fields';
import styles from './checkout-form.module.css';

interface ErrorSummaryProps<Field extends string> {
  ref: Ref<HTMLDivElement>;
  /** A display-text title about the whole form (a declined card, stock that ran out), with its values. */
  message: string | FieldMessage | null;
  cartLink?: boolean;
  errors: Partial<Record<Field, FieldMessage>>;
  /** The summary's heading, a display-text title; the checkout's by default. */
  title?: string;
  /** A field's name in the list (translated) and its input's id; the checkout's fields by default. */
  fieldLabel?: (field: Field, t: Translate) => string;
  fieldId?: (field: Field) => string;
}

/**
 * What stopped the form, at its top: the page moves focus here after a failed submission,
 * and each field's problem links to the field. The checkout's by default; other forms (the
 * account pages) name their own fields.
 */
export function ErrorSummary<Field extends string = FieldName>({
  ref,
  message,
  cartLink = false,
  errors,
  title = 'Please check your order',
  fieldLabel = (field, translate) => summaryLabel(field as FieldName, translate),
  fieldId: idOf = (field) => fieldId(field as FieldName),
}: ErrorSummaryProps<Field>) {
  const t = useDisplayText();
  const fields = Object.entries(errors) as [Field, FieldMessage][];
  const problem = typeof message === 'string' ? { message } : message;
  return (
    <div ref={ref} tabIndex={-1} className={styles.errorSummary} aria-labelledby="checkout-error-title">
      <h2 id="checkout-error-title" className={styles.errorTitle}>
        {t(title)}
      </h2>
      {problem ? (
        <p>
          {t(problem.message, problem.values)}{' '}
          {cartLink ? <LocaleLink to="/cart">{t('Review your cart')}</LocaleLink> : null}
        </p>
      ) : null}
      {fields.length > 0 ? (
        <ul>
          {fields.map(([field, error]) => (
            <li key={field}>
              <a href={`#${idOf(field)}`}>
                {fieldLabel(field, t)}: {t(error.message, error.values)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
