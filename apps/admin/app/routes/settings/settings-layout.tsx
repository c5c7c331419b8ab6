import { NavLink, Outlet } from 'react-router';
import type { Route } from './+types/settings-layout';
import { PageHeader } from '~/components/page-header';
import { requirePermission } from '~/lib/session';
import { loadOverview } from './settings-data';
import styles from './settings.module.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requirePermission('settings:read', request.signal);
  return loadOverview(request.signal);
}

const COMMERCE_TABS = [
  { to: 'shipping', label: 'Shipping zones & methods' },
  { to: 'tax', label: 'Tax' },
  { to: 'free-shipping', label: 'Free shipping' },
  { to: 'store', label: 'Store' },
] as const;

/** The settings frame: one tab per kind of setting; commerce tabs only when the embedded engine keeps commerce. */
export default function SettingsLayout({ loaderData }: Route.ComponentProps) {
  const tabs = [
    ...(loaderData.commerceSettings ? COMMERCE_TABS : []),
    { to: 'content', label: 'Brand, texts & redirects' },
  ];
  return (
    <>
      <PageHeader
        title="Settings"
        description="Shipping, tax, free-shipping groups and the store; brand settings, display texts and redirects."
      />
      <nav className={styles.tabs} aria-label="Settings">
        {tabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={`/settings/${tab.to}`}
            className={({ isActive }) => (isActive ? `${styles.tab} ${styles.active}` : styles.tab)}
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </>
  );
}
