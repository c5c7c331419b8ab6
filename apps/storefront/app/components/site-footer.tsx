import { findCountry } from '@piste/core';
import { useLocaleState } from '../lib/locale';
import { LocaleLink } from './locale-link';
import styles from './site-footer.module.css';

const FOOTER_COLUMNS = [
  {
    heading: 'Shop',
    links: [
      { label: 'Bindings', path: '/c/bindings' },
      { label: 'Helmets', path: '/c/helmets' },
      { label: 'Goggles', path: '/c/goggles' },
      { label: 'Accessories', path: '/c/accessories' },
    ],
  },
  {
    heading: 'Help',
    links: [
      { label: 'Support', path: '/support' },
      { label: 'Find a store', path: '/stores' },
      { label: 'Your account', path: '/account' },
    ],
  },
  {
    heading: 'Piste',
    links: [
      { label: 'Team riders', path: '/team' },
      { label: 'Journal', path: '/blog' },
      { label: 'Pro programme', path: '/pro' },
    ],
  },
] as const;

export function SiteFooter() {
  const { country, language } = useLocaleState();
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className={styles.heading}>{column.heading}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.path}>
                  <LocaleLink to={link.path}>{link.label}</LocaleLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={styles.bottom}>
        <LocaleLink to="/country" className={styles.locale}>
          {findCountry(country)?.text ?? country.toUpperCase()} ({language.toUpperCase()}) — change
        </LocaleLink>
        <p>© {new Date().getFullYear()} Piste. Gear for the whole mountain.</p>
      </div>
    </footer>
  );
}
