import { findCountry } from '@piste/core';
import { useLocaleState } from '../lib/locale';
import { LocaleLink } from './locale-link';
import { MAIN_NAVIGATION, SECONDARY_NAVIGATION } from './site-navigation';
import styles from './site-header.module.css';

export function SiteHeader() {
  const { country, language } = useLocaleState();
  const countryName = findCountry(country)?.text ?? country.toUpperCase();
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        {/* <details> opens the mobile menu without JavaScript and is keyboard accessible. */}
        <details className={styles.menu}>
          <summary className={styles.menuButton} aria-label="Menu">
            <span aria-hidden="true" className={styles.menuIcon} />
          </summary>
          <nav aria-label="Mobile" className={styles.mobileNav}>
            {[...MAIN_NAVIGATION, ...SECONDARY_NAVIGATION].map((item) => (
              <LocaleLink key={item.path} to={item.path}>
                {item.label}
              </LocaleLink>
            ))}
          </nav>
        </details>
        <LocaleLink to="/" className={styles.logo} aria-label="Piste home">
          PISTE
        </LocaleLink>
        <nav aria-label="Main" className={styles.mainNav}>
          {MAIN_NAVIGATION.map((item) => (
            <LocaleLink key={item.path} to={item.path}>
              {item.label}
            </LocaleLink>
          ))}
        </nav>
        <nav aria-label="Secondary" className={styles.secondaryNav}>
          {SECONDARY_NAVIGATION.map((item) => (
            <LocaleLink key={item.path} to={item.path}>
              {item.label}
            </LocaleLink>
          ))}
        </nav>
        <div className={styles.actions}>
          <LocaleLink to="/search" aria-label="Search">
            <svg aria-hidden="true" viewBox="0 0 24 24" className={styles.icon}>
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-4-4" />
            </svg>
          </LocaleLink>
          <LocaleLink to="/account" aria-label="Account">
            <svg aria-hidden="true" viewBox="0 0 24 24" className={styles.icon}>
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
            </svg>
          </LocaleLink>
          <LocaleLink to="/cart" aria-label="Cart">
            <svg aria-hidden="true" viewBox="0 0 24 24" className={styles.icon}>
              <path d="M3 4h2l2.4 11h11.2L21 8H6.2" />
              <circle cx="9" cy="19.5" r="1.5" />
              <circle cx="17" cy="19.5" r="1.5" />
            </svg>
          </LocaleLink>
          <LocaleLink
            to="/country"
            className={styles.localeSwitch}
            aria-label={`Country and language: ${countryName}, ${language}`}
          >
            {country.toUpperCase()} · {language.toUpperCase()}
          </LocaleLink>
        </div>
      </div>
    </header>
  );
}
