import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import { useLocaleState } from '../../lib/locale';
import { signInTarget } from '../account/account-view';
import { SignOutForm } from '../account/sign-out-form';
import type { SignedInCustomer } from '../account/use-signed-in-customer';
import icons from '../../components/header-icon.module.css';
import styles from './account-menu.module.css';

function PersonIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={icons.icon}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </svg>
  );
}

/**
 * The header's account entry. Signed out: 'Sign in', returning to this page
 * afterwards. Signed in: the customer's first name, opening a menu of the account's sections
 * and 'Sign out'. Built on <details>, so it opens without JavaScript and with the keyboard;
 * script adds Escape, closing on a click outside and after following a link.
 *
 * Until the header knows who is browsing (`known`: a shared page asks after load), the entry
 * is a plain link to the account whose label keeps its place unseen, so nothing moves or
 * claims a state that may be wrong; without JavaScript it reads 'Sign in'.
 */
export function AccountMenu({ customer, known }: { customer: SignedInCustomer | null; known: boolean }) {
  const t = useDisplayText();
  const { locale } = useLocaleState();
  const location = useLocation();
  const menuRef = useRef<HTMLDetailsElement>(null);

  const close = () => {
    if (menuRef.current) menuRef.current.open = false;
  };
  // The menu closes on navigation (a sign-out or a link followed), and on a click anywhere else.
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (menuRef.current?.open && !menuRef.current.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  if (!known) {
    return (
      <LocaleLink to="/account" className={styles.signIn} aria-label={t('Account')}>
        <PersonIcon />
        <span className={`${styles.label} ${styles.pending}`} aria-hidden="true">
          {t('Sign in')}
        </span>
      </LocaleLink>
    );
  }

  if (!customer) {
    const target = signInTarget(location.pathname, location.search, locale);
    return (
      <LocaleLink
        to={target ? `/account?redirect=${encodeURIComponent(target)}` : '/account'}
        className={styles.signIn}
      >
        <PersonIcon />
        <span className={styles.label}>{t('Sign in')}</span>
      </LocaleLink>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !menuRef.current?.open) return;
    close();
    menuRef.current.querySelector('summary')?.focus();
  };
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a')) close();
  };
  return (
    <details ref={menuRef} className={styles.menu} onKeyDown={onKeyDown}>
      <summary className={styles.button}>
        <PersonIcon />
        <span className={styles.visuallyHidden}>{t('Account')}: </span>
        <span className={styles.label}>{customer.firstName}</span>
      </summary>
      <div className={styles.panel} onClick={onClick}>
        <p className={styles.greeting}>
          {t('Hello, {name}', { name: customer.firstName })}
          {customer.isPro ? <span className={styles.badge}>{t('Pro')}</span> : null}
          {customer.isEmployee ? <span className={styles.badge}>{t('Employee')}</span> : null}
        </p>
        {customer.proSpend ? (
          <p className={styles.proSpend}>
            {customer.proSpend.reached
              ? t('You have reached your pro spend limit for {year}.', { year: customer.proSpend.year })
              : t('{left} left at pro prices this year.', { left: customer.proSpend.leftText })}
          </p>
        ) : null}
        <ul className={styles.links}>
          <li>
            <LocaleLink to="/account">{t('Your account')}</LocaleLink>
          </li>
          <li>
            <LocaleLink to="/account/orders">{t('Orders')}</LocaleLink>
          </li>
          <li>
            <LocaleLink to="/account/addresses">{t('Addresses')}</LocaleLink>
          </li>
          <li>
            <LocaleLink to="/account/profile">{t('Profile')}</LocaleLink>
          </li>
        </ul>
        <SignOutForm className={styles.signOut} buttonClassName={styles.signOutButton} />
      </div>
    </details>
  );
}
