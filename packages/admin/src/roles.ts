/**
 * Back-office roles and what each may do (issue 27, docs/admin.md 'Roles'):
 * - owner: everything, staff management included;
 * - merchandiser: catalogue, prices, stock, promotions, content, media and settings of the storefront;
 * - support: orders, customers and pro codes; the catalogue and promotions read-only (issue 28
 *   'Promotions': support answers shoppers about a code, merchandisers run the campaigns).
 * Every admin API route names one permission; the matrix below is the only place that grants it.
 */
export const STAFF_ROLES = ['owner', 'merchandiser', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'dashboard:read',
  'catalogue:read',
  'catalogue:write',
  'media:write',
  'orders:read',
  'orders:write',
  'customers:read',
  'customers:write',
  'pro-codes:read',
  'pro-codes:write',
  'promotions:read',
  'promotions:write',
  'content:read',
  'content:write',
  'settings:read',
  'settings:write',
  'audit:read',
  'staff:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const MERCHANDISER: readonly Permission[] = [
  'dashboard:read',
  'catalogue:read',
  'catalogue:write',
  'media:write',
  'promotions:read',
  'promotions:write',
  'content:read',
  'content:write',
  'settings:read',
  'settings:write',
  'audit:read',
];

const SUPPORT: readonly Permission[] = [
  'dashboard:read',
  'catalogue:read',
  'orders:read',
  'orders:write',
  'customers:read',
  'customers:write',
  'pro-codes:read',
  'pro-codes:write',
  'promotions:read',
  'content:read',
  'audit:read',
];

export const ROLE_PERMISSIONS: Record<StaffRole, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS),
  merchandiser: new Set(MERCHANDISER),
  support: new Set(SUPPORT),
};

export function roleMay(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}
