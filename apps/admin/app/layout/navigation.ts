import type { Permission } from '@piste/admin';

export interface NavigationArea {
  label: string;
  /** Relative to the app (`/admin` is the basename). */
  to: string;
  /** Shown only to roles with this permission. */
  permission: Permission;
}

/** The side navigation, in the order a merchant uses it most. */
export const NAVIGATION: readonly NavigationArea[] = [
  { label: 'Dashboard', to: '/', permission: 'dashboard:read' },
  { label: 'Orders', to: '/orders', permission: 'orders:read' },
  { label: 'Catalogue', to: '/catalogue', permission: 'catalogue:read' },
  { label: 'Media', to: '/media', permission: 'media:write' },
  { label: 'Customers', to: '/customers', permission: 'customers:read' },
  { label: 'Pro codes', to: '/pro-codes', permission: 'pro-codes:read' },
  { label: 'Promotions', to: '/promotions', permission: 'promotions:read' },
  { label: 'Content', to: '/content', permission: 'content:read' },
  { label: 'Settings', to: '/settings', permission: 'settings:read' },
  { label: 'Staff', to: '/staff', permission: 'staff:manage' },
  { label: 'Audit log', to: '/audit', permission: 'audit:read' },
];
