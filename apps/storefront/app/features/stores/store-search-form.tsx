import { useId, useState, useSyncExternalStore } from 'react';
import { Form, useNavigate } from 'react-router';
import { SearchField } from '../../components/search-field';
import { useDisplayText } from '../../lib/display-text';
import { roundCoordinate } from './geo';
import styles from './store-search-form.module.css';

const subscribeToNothing = () => () => {};

type LocateState = 'idle' | 'locating' | 'denied' | 'failed' | 'unsupported';

const LOCATE_MESSAGES: Record<Exclude<LocateState, 'idle' | 'locating'>, string> = {
  denied: 'Location access is turned off for this site. Search by city or postcode instead.',
  failed: 'We could not find your location. Search by city or postcode instead.',
  unsupported: 'This browser cannot share your location. Search by city or postcode instead.',
};

/**
 * The locator's search: a GET form for `?q=` that works without JavaScript, and, with it,
 * 'Use my location', which asks the browser for the shopper's position and opens
 * `?lat=&lng=`, or says plainly why it could not.
 */
export function StoreSearchForm({ query }: { query: string }) {
  const t = useDisplayText();
  const navigate = useNavigate();
  const inputId = useId();
  const [locate, setLocate] = useState<LocateState>('idle');
  // False in the server's HTML and while hydrating: the button only takes clicks it can handle.
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

  const locateMe = () => {
    if (!('geolocation' in navigator)) {
      setLocate('unsupported');
      return;
    }
    setLocate('locating');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocate('idle');
        const search = new URLSearchParams({
          lat: roundCoordinate(coords.latitude),
          lng: roundCoordinate(coords.longitude),
        });
        navigate({ search: `?${search}` });
      },
      (error) => setLocate(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed'),
      // A position from the last few minutes is as good for finding a shop, and instant.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };

  return (
    <div className={styles.search}>
      <Form method="get" role="search" className={styles.form}>
        <SearchField
          inputId={inputId}
          label={t('Search by city or postcode')}
          query={query}
          input={{ autoComplete: 'address-level2' }}
        />
      </Form>
      {/* Hidden without JavaScript: the browser's Geolocation API is the whole point of the button. */}
      <button
        type="button"
        className={`button-secondary ${styles.locate}`}
        onClick={locateMe}
        disabled={!hydrated}
        aria-describedby={`${inputId}-locate`}
        aria-busy={locate === 'locating'}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
          <circle cx="12" cy="12" r="6" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
        </svg>
        {locate === 'locating' ? t('Finding your location…') : t('Use my location')}
      </button>
      {/* Always rendered, so screen readers announce the message when it appears. */}
      <p id={`${inputId}-locate`} role="status" className={styles.message}>
        {locate === 'idle' || locate === 'locating' ? null : t(LOCATE_MESSAGES[locate])}
      </p>
    </div>
  );
}
