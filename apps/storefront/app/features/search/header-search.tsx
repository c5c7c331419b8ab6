import { useEffect, useEffectEvent, useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { Form, useLocation } from 'react-router';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import { useLocalizePath } from '../../lib/locale';
import { useRootData } from '../../lib/root-data';
import type { SearchAutocompleteProps } from './search-autocomplete';
import icons from '../../components/header-icon.module.css';
import styles from './header-search.module.css';

function SearchIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={icons.icon}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" />
    </svg>
  );
}

/** The query of the search page being shown, so the box says what the results are for. */
function useShownQuery(): string {
  const { pathname, search } = useLocation();
  return /\/search\/?$/.test(pathname) ? (new URLSearchParams(search).get('q') ?? '') : '';
}

/**
 * The header's search box: a GET form to `/{lang}/search` that works without JavaScript. From
 * 1024 px it sits in the bar; below, a button opens it as a panel (a link to the search page
 * without JavaScript). The autocomplete is loaded the first time the box is focused or
 * hovered, so pages that never search never download it.
 */
export function HeaderSearch() {
  const t = useDisplayText();
  const localize = useLocalizePath();
  const location = useLocation();
  const config = useRootData()?.search ?? null;
  const shownQuery = useShownQuery();
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // The narrow-screen panel belongs to the page it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const [Autocomplete, setAutocomplete] = useState<ComponentType<SearchAutocompleteProps> | null>(null);

  const enhance = () => {
    if (Autocomplete || !config) return;
    import('./search-autocomplete').then(
      (module) => setAutocomplete(() => module.SearchAutocomplete),
      // Without the autocomplete the box still searches on Enter.
      () => {},
    );
  };

  // A shopper quicker than hydration focused the box before React could see it; later focus goes through onFocus.
  const enhanceIfFocused = useEffectEvent(() => {
    if (document.activeElement === inputRef.current) enhance();
  });
  useEffect(() => enhanceIfFocused(), []);

  // The box is uncontrolled (it works before hydration); it follows the query a link or suggestion opened.
  useEffect(() => {
    if (inputRef.current) inputRef.current.value = shownQuery;
  }, [shownQuery]);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // The autocomplete claims Escape first (by preventing its default) while its list is open.
    if (event.key !== 'Escape' || event.defaultPrevented || !open) return;
    setOpenOn(null);
    toggleRef.current?.focus();
  };

  return (
    <div className={styles.search}>
      <LocaleLink to="/search" className={styles.pageLink} aria-label={t('Site search')}>
        <SearchIcon />
      </LocaleLink>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-label={t('Site search')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn(open ? null : location.key)}
        onPointerEnter={enhance}
      >
        <SearchIcon />
      </button>
      <Form
        id={panelId}
        method="get"
        action={localize('/search')}
        role="search"
        aria-label={t('Site search')}
        className={open ? `${styles.form} ${styles.open}` : styles.form}
        onKeyDown={onKeyDown}
      >
        <input
          ref={inputRef}
          type="search"
          name="q"
          defaultValue={shownQuery}
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          spellCheck={false}
          placeholder={t('Search')}
          aria-label={t('Search products and articles')}
          className={styles.input}
          onFocus={enhance}
          onPointerEnter={enhance}
        />
        <button type="submit" className={styles.submit} aria-label={t('Submit search')}>
          <SearchIcon />
        </button>
        {Autocomplete && config ? <Autocomplete input={inputRef} config={config} /> : null}
      </Form>
    </div>
  );
}
