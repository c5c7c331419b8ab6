import type { InputHTMLAttributes } from 'react';
import { useDisplayText } from '../lib/display-text';
import styles from './search-field.module.css';

interface SearchFieldProps {
  /** The input's id, which the label names. */
  inputId: string;
  /** The label, already in the page's language. */
  label: string;
  /** The label's own id, where the form is labelled by it. */
  labelId?: string;
  /** The submitted `?q=`, shown again in the input. */
  query: string;
  /** What else this page's input takes. */
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'enterKeyHint' | 'autoFocus'>;
}

/** The label, `q` input and submit button of a GET search form (the search page's, the store finder's). */
export function SearchField({ inputId, label, labelId, query, input }: SearchFieldProps) {
  const t = useDisplayText();
  return (
    <>
      <label id={labelId} htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.field}>
        <input
          id={inputId}
          type="search"
          name="q"
          defaultValue={query}
          // Re-mounts with the new query when a link (not the form) changes it.
          key={query}
          maxLength={100}
          {...input}
          className={styles.input}
        />
        <button type="submit" className="button-primary">
          {t('Search')}
        </button>
      </div>
    </>
  );
}
