import { NavLink, Outlet } from 'react-router';
import { accountHeaders } from '../../features/account/account-headers';
import { SignOutForm } from '../../features/account/sign-out-form';
import { useSignedInCustomer } from '../../features/account/use-signed-in-customer';
import { useDisplayText } from '../../lib/display-text';
import { useLocalizePath } from '../../lib/locale';
import styles from './account-layout.module.css';
import type { Route } from './+types/account-layout';

const ACCOUNT_SECTIONS = [
  { label: 'Overview', path: '/account', end: true },
  { label: 'Orders', path: '/account/orders', end: false },
  { label: 'Addresses', path: '/account/addresses', end: true },
  { label: 'Profile', path: '/account/profile', end: true },
] as const;

/** Every account page carries one customer's details (or a sign-in form): never stored by a cache. */
export const headers: Route.HeadersFunction = accountHeaders;

/**
 * The account area. Signed in, its sections and 'Sign out' sit beside the page; signed out
 * (the sign-in, reset and create pages) the page has the width to itself.
 */
export default function AccountLayout() {
  const t = useDisplayText();
  const localize = useLocalizePath();
  const customer = useSignedInCustomer();
  if (!customer) return <Outlet />;
  return (
    <div className={styles.account}>
      <nav aria-label={t('Account')} className={styles.sections}>
        <ul>
          {ACCOUNT_SECTIONS.map((section) => (
            <li key={section.path}>
              {/* NavLink marks the open section with aria-current="page"; Orders stays marked on an order. */}
              <NavLink to={localize(section.path)} end={section.end} prefetch="intent">
                {t(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <SignOutForm className={styles.signOut} buttonClassName={styles.signOutButton} />
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
