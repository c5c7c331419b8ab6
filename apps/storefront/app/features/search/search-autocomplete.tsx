import { useEffect, useEffectEvent, useId, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { formatCurrency } from '@piste/core';
import { CARD_BACKGROUND } from '@piste/media';
import { Image } from '../../components/image';
import { useDisplayText } from '../../lib/display-text';
import { useLocalizePath } from '../../lib/locale';
import { browserSearchClient, reportSearchClick } from './browser-search-client';
import type { BrowserSearchConfig } from './browser-search-config';
import { suggestionFilters, topProductOptions } from './search-requests';
import { rawNumber, rawText } from './search-response';
import styles from './search-autocomplete.module.css';

const DEBOUNCE_MS = 150;
const MIN_QUERY_LENGTH = 2;
const SUGGESTION_COUNT = 5;
const PRODUCT_COUNT = 4;
const THUMBNAIL = [{ width: 48, height: 64 }];

interface ProductOption {
  documentId: string;
  title: string;
  url: string;
  image: string;
  /** Minor units of the shopper's price list; null where content prices apply. */
  price: number | null;
}

type Option =
  { kind: 'suggestion'; text: string } | { kind: 'product'; product: ProductOption } | { kind: 'all'; text: string };

interface Answer {
  query: string;
  requestId: string;
  suggestions: string[];
  products: ProductOption[];
}

export interface SearchAutocompleteProps {
  /** The header's search input, which this turns into an ARIA 1.2 combobox. */
  input: RefObject<HTMLInputElement | null>;
  config: BrowserSearchConfig;
}

/**
 * The header search's suggestions and instant product results (ARIA 1.2 combobox with a
 * listbox popup). It enhances the input the header already rendered, so the box works the
 * same before this loads: it adds the combobox roles and keys, fetches (debounced) as the
 * shopper types, and goes to the search page or the product chosen.
 */
export function SearchAutocomplete({ input, config }: SearchAutocompleteProps) {
  const t = useDisplayText();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failed, setFailed] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const latestQuery = useRef('');

  const loading = query !== '' && answer?.query !== query && !failed;
  // While the next answer loads, the last one stays (dimmed) rather than the list jumping.
  const shown = answer && query !== '' ? answer : null;
  const options: Option[] = shown
    ? [
        ...shown.suggestions.map((text): Option => ({ kind: 'suggestion', text })),
        ...shown.products.map((product): Option => ({ kind: 'product', product })),
        { kind: 'all', text: query },
      ]
    : [];
  const isOpen = expanded && query !== '';
  const optionId = (index: number) => `${listId}-option-${index}`;

  // Fetch once typing pauses; an answer to an older query is dropped.
  useEffect(() => {
    if (query === '') return;
    const timer = setTimeout(() => {
      const client = browserSearchClient(config);
      Promise.all([
        client.querySuggestion(query, { size: SUGGESTION_COUNT, filters: suggestionFilters(config) }),
        client.search(query, topProductOptions(config, PRODUCT_COUNT)),
      ]).then(
        ([suggestions, products]) => {
          if (latestQuery.current !== query) return;
          setFailed(false);
          setAnswer({
            query,
            requestId: products.meta.request_id,
            suggestions: suggestions.results.documents.map((document) => document.suggestion),
            products: products.results.flatMap((result) => {
              const url = rawText(result, 'url');
              const title = rawText(result, 'title');
              if (!url.startsWith('/') || title === '') return [];
              const price = config.priceField ? rawNumber(result, config.priceField) : null;
              return [{ documentId: result._meta.id, title, url, image: rawText(result, 'image'), price }];
            }),
          });
        },
        () => latestQuery.current === query && setFailed(true),
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, config]);

  const close = () => {
    setExpanded(false);
    setActive(-1);
  };

  // The header puts a chosen query in the box itself, as it follows the search page's query.
  const choose = (option: Option) => {
    close();
    if (option.kind === 'product') {
      if (shown) {
        reportSearchClick(config, {
          query: shown.query,
          documentId: option.product.documentId,
          requestId: shown.requestId,
          source: 'autocomplete',
        });
      }
      navigate(localize(option.product.url));
      return;
    }
    navigate(localize(`/search?${new URLSearchParams({ q: option.text })}`));
  };

  const onInput = useEffectEvent(() => {
    const typed = (input.current?.value ?? '').trim();
    const next = typed.length >= MIN_QUERY_LENGTH ? typed : '';
    latestQuery.current = next;
    setQuery(next);
    setFailed(false);
    setActive(-1);
    setExpanded(next !== '');
  });

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (query === '') return;
        event.preventDefault();
        if (!isOpen) {
          setExpanded(true);
          return;
        }
        if (count === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current === -1 && step === -1 ? count - 1 : (current + step + count) % count));
        return;
      }
      case 'Enter': {
        const option = isOpen ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        } else {
          // The form submits the typed text as usual.
          close();
        }
        return;
      }
      case 'Escape':
        if (isOpen) {
          // Claimed, so the header's panel stays open: the first Escape only closes the list.
          event.preventDefault();
          close();
        }
        return;
      case 'Tab':
        close();
        return;
    }
  });

  const onFocus = useEffectEvent(() => {
    if (query !== '') setExpanded(true);
  });

  const onBlur = useEffectEvent(() => close());

  useEffect(() => {
    const element = input.current;
    if (!element) return;
    // Typed before this loaded: pick up where the shopper is, once listening.
    const pickUp = requestAnimationFrame(() => {
      if (document.activeElement === element && element.value.trim() !== '') onInput();
    });
    const handleInput = () => onInput();
    const handleKeyDown = (event: KeyboardEvent) => onKeyDown(event);
    const handleFocus = () => onFocus();
    const handleBlur = () => onBlur();
    element.addEventListener('input', handleInput);
    element.addEventListener('keydown', handleKeyDown);
    element.addEventListener('focus', handleFocus);
    element.addEventListener('blur', handleBlur);
    return () => {
      cancelAnimationFrame(pickUp);
      element.removeEventListener('input', handleInput);
      element.removeEventListener('keydown', handleKeyDown);
      element.removeEventListener('focus', handleFocus);
      element.removeEventListener('blur', handleBlur);
    };
  }, [input]);

  // The input is the header's element: its combobox state is set here, where that state lives.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.setAttribute('role', 'combobox');
    element.setAttribute('aria-autocomplete', 'list');
    element.setAttribute('aria-controls', listId);
    element.setAttribute('aria-expanded', String(isOpen));
    if (isOpen && active >= 0) element.setAttribute('aria-activedescendant', optionId(active));
    else element.removeAttribute('aria-activedescendant');
  });
  useEffect(() => {
    const element = input.current;
    return () => {
      for (const name of ['role', 'aria-autocomplete', 'aria-controls', 'aria-expanded', 'aria-activedescendant']) {
        element?.removeAttribute(name);
      }
    };
  }, [input]);

  // The highlighted option stays in view in a list taller than the popup.
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const optionProps = (index: number, option: Option) => ({
    id: optionId(index),
    role: 'option',
    'aria-selected': index === active,
    className: index === active ? `${styles.option} ${styles.active}` : styles.option,
    // Keeps focus in the input, so choosing with the mouse does not close the list first.
    onMouseDown: (event: MouseEvent) => event.preventDefault(),
    onClick: () => choose(option),
  });
  const suggestionCount = shown?.suggestions.length ?? 0;
  const productCount = shown?.products.length ?? 0;
  const nothingFound = shown !== null && suggestionCount + productCount === 0;
  const announcement = !isOpen
    ? ''
    : failed
      ? t('Suggestions are unavailable right now.')
      : loading && !shown
        ? t('Searching…')
        : nothingFound
          ? t('No matches for “{query}”', { query })
          : t(
              '{suggestions, plural, one {# suggestion} other {# suggestions}} and {products, plural, one {# product} other {# products}}',
              {
                suggestions: suggestionCount,
                products: productCount,
              },
            );

  return (
    <>
      <p role="status" className={styles.visuallyHidden}>
        {loading ? '' : announcement}
      </p>
      <div className={styles.popup} hidden={!isOpen}>
        {failed || (loading && !shown) || nothingFound ? (
          <p className={styles.message} aria-hidden="true">
            {loading && !shown ? <span className={styles.spinner} /> : null}
            {announcement}
          </p>
        ) : null}
        <div
          id={listId}
          role="listbox"
          aria-label={t('Search suggestions')}
          aria-busy={loading}
          className={loading ? `${styles.list} ${styles.stale}` : styles.list}
        >
          {suggestionCount > 0 ? (
            <div role="group" aria-labelledby={`${listId}-suggestions`}>
              <div id={`${listId}-suggestions`} role="presentation" className={styles.heading}>
                {t('Suggestions')}
              </div>
              {shown!.suggestions.map((text, index) => (
                <div key={text} {...optionProps(index, options[index]!)}>
                  <svg aria-hidden="true" viewBox="0 0 24 24" className={styles.icon}>
                    <circle cx="11" cy="11" r="7" />
                    <path d="m20 20-4-4" />
                  </svg>
                  <span className={styles.text}>{text}</span>
                </div>
              ))}
            </div>
          ) : null}
          {productCount > 0 ? (
            <div role="group" aria-labelledby={`${listId}-products`}>
              <div id={`${listId}-products`} role="presentation" className={styles.heading}>
                {t('Products')}
              </div>
              {shown!.products.map((product, position) => {
                const index = suggestionCount + position;
                return (
                  <div key={product.documentId} {...optionProps(index, options[index]!)}>
                    <span className={styles.thumbnail}>
                      {product.image ? (
                        <Image filename={product.image} sizes={THUMBNAIL} bg={CARD_BACKGROUND} alt="" />
                      ) : null}
                    </span>
                    <span className={styles.text}>{product.title}</span>
                    {product.price !== null ? (
                      <span className={styles.price}>
                        {formatCurrency(product.price / 10 ** (config.currency?.decimal_places ?? 2), config.currency)}
                      </span>
                    ) : null}
                  </div>
                );
              })}
            </div>
          ) : null}
          {shown ? (
            <div {...optionProps(options.length - 1, options.at(-1)!)}>
              <span className={styles.all}>{t('See all results for “{query}”', { query })}</span>
            </div>
          ) : null}
        </div>
      </div>
    </>
  );
}
