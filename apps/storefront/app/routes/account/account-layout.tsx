import { NavLink, Outlet } from 'react-router';
import { useLocalizePath } from '../../lib/locale';
import styles from './account-layout.module.css';

const ACCOUNT_SECTIONS = [
  { label: 'Overview', path: '/account' },
  { label: 'Orders', path: '/account/orders' },
  { label: 'Addresses', path: '/account/addresses' },
  { label: 'Profile', path: '/account/profile' },
] as const;

export default function AccountLayout() {
  const localize = useLocalizePath();
  return (
    <div className={styles.account}>
      <nav aria-label="Account" className={styles.sections}>
        {ACCOUNT_SECTIONS.map((section) => (
          // NavLink marks the open section with aria-current="page"; `end` keeps Overview from matching all.
          <NavLink key={section.path} to={localize(section.path)} end prefetch="intent">
            {section.label}
          </NavLink>
        ))}
      </nav>
      <div>
        <Outlet />
      </div>
    </div>
  );
}
