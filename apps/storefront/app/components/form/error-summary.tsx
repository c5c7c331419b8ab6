import { useEffect, useRef } from 'react';
import { LocaleLink } from '../locale-link';
import { useDisplayText, type Translate } from '../../lib/display-text';
import type { FieldMessage } from './form-kit';
import styles from './error-summary.module.css';

interface ErrorSummaryProps<Field extends string> {
  /** The submission's answer: each is a new object, and focus moves here whenever it changes. */
  focusOn: object | undefined;
  /** A display-text title about the whole form (a declined card, stock that ran out), with its values. */
  message: string | FieldMessage | null;
  cartLink?: boolean;
  /** In the order the fields appear on the page. */
  errors: Partial<Record<Field, FieldMessage>>;
  /** The summary's heading, a display-text title. */
  title: string;
  /** A field's name in the list (translated) and its input's id. */
  fieldLabel: (field: Field, t: Translate) => string;
  fieldId: (field: Field) => string;
}

/**
 * What stopped the form, at its top: the page moves focus here after a failed submission,
 * and each field's problem links to the field.
 */
export function ErrorSummary<Field extends string>({
  focusOn,
  message,
  cartLink = false,
  errors,
  title,
  fieldLabel,
  fieldId: idOf,
}: ErrorSummaryProps<Field>) {
  const t = useDisplayText();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOn) ref.current?.focus();
  }, [focusOn]);
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
