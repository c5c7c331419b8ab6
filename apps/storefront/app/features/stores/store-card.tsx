import { Fragment, useId } from 'react';
import { useDisplayText } from '../../lib/display-text';
import type { StoreCardView } from './stores-page.server';
import styles from './store-card.module.css';

/** The card's element id, which map markers bring into view. */
export function storeCardId(uid: string): string {
  return `store-${uid}`;
}

/**
 * One dealer: name, distance when known, postal address, phone, services, and links out for
 * directions and the dealer's website. `number` matches the dealer's map marker.
 */
export function StoreCard({ store, number }: { store: StoreCardView; number?: number }) {
  const t = useDisplayText();
  const headingId = useId();
  const newTab = t('(opens in a new tab)');
  return (
    // Focusable so a map marker can move focus here (tabIndex -1: not a tab stop of its own).
    <article id={storeCardId(store.uid)} className={styles.card} aria-labelledby={headingId} tabIndex={-1}>
      <header className={styles.header}>
        {number !== undefined ? (
          <span className={styles.number} aria-hidden="true">
            {number}
          </span>
        ) : null}
        <h3 id={headingId} className={styles.title}>
          {store.title}
        </h3>
        {store.distance ? (
          <p className={styles.distance}>
            <span className={styles.visuallyHidden}>{t('Distance')}: </span>
            {store.distance}
          </p>
        ) : null}
      </header>
      <address className={styles.address}>
        {store.addressLines.map((line, index) => (
          <Fragment key={index}>
            {index > 0 ? <br /> : null}
            {line}
          </Fragment>
        ))}
      </address>
      {store.phoneHref ? (
        <p className={styles.phone}>
          <span className={styles.label}>{t('Phone')}</span> <a href={store.phoneHref}>{store.phone}</a>
        </p>
      ) : null}
      {store.services.length > 0 ? (
        <ul className={styles.services} aria-label={t('Services')}>
          {store.services.map((service) => (
            <li key={service} className={styles.service}>
              {service}
            </li>
          ))}
        </ul>
      ) : null}
      <p className={styles.actions}>
        <a href={store.directionsUrl} target="_blank" rel="noopener noreferrer" className="button-secondary">
          {t('Directions')}
          <span className={styles.visuallyHidden}>
            {' '}
            – {store.title} {newTab}
          </span>
        </a>
        {store.website ? (
          <a href={store.website} target="_blank" rel="noopener noreferrer" className={styles.website}>
            {t('Visit website')}
            <span className={styles.visuallyHidden}>
              {' '}
              – {store.title} {newTab}
            </span>
          </a>
        ) : null}
      </p>
    </article>
  );
}
