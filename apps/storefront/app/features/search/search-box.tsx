import { useId } from 'react';
import { Form } from 'react-router';
import { useDisplayText } from '../../lib/display-text';
import styles from './search-box.module.css';

/**
 * The search page's own box: a GET form for `?q=` (a new query starts without filters). It
 * takes the focus when the page opens without a query, as the shopper came here to type one.
 */
export function SearchBox({ query }: { query: string }) {
  const t = useDisplayText();
  const inputId = useId();
  return (
    <Form method="get" role="search" aria-labelledby={`${inputId}-label`} className={styles.form}>
      <label id={`${inputId}-label`} htmlFor={inputId} className={styles.label}>
        {t('Search products and articles')}
      </label>
      <div className={styles.field}>
        <input
          id={inputId}
          type="search"
          name="q"
          defaultValue={query}
          // Re-mounts with the new query when a link (not this form) changes it.
          key={query}
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          autoFocus={query === ''}
          className={styles.input}
        />
        <button type="submit" className="button-primary">
          {t('Search')}
        </button>
      </div>
    </Form>
  );
}
