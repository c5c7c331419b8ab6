import { Outlet } from 'react-router';
import { LocaleLink } from '../../components/locale-link';
import styles from './account-layout.module.css';

const ACCOUNT_SECTIONS = [
  { label: 'Overview', path: '/account' },
  { label: 'Orders', path: '/account/orders' },
  { label: 'Addresses', path: '/account/addresses' },
  { label: 'Profile', path: '/account/profile' },
] as const;

export default function AccountLayout() {
  return (
    <div className={styles.account}>
      <nav aria-label="Account" className={styles.sections}>
        {ACCOUNT_SECTIONS.map((section) => (
          <LocaleLink key={section.path} to={section.path}>
            {section.label}
          </LocaleLink>
        ))}
      </nav>
      <div>
        <Outlet />
      </div>
    </div>
  );
}
