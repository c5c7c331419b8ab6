import { useId } from 'react';
import { Form } from 'react-router';
import { SearchField } from '../../components/search-field';
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
      <SearchField
        inputId={inputId}
        label={t('Search products and articles')}
        labelId={`${inputId}-label`}
        query={query}
        input={{ autoComplete: 'off', enterKeyHint: 'search', autoFocus: query === '' }}
      />
    </Form>
  );
}
