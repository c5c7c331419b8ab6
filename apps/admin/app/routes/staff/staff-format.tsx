import { STAFF_ROLES, type StaffRole } from '@piste/admin';
import { Badge } from '~/components/badge';

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  merchandiser: 'Merchandiser',
  support: 'Support',
};

/** What each role may do, as the role picker explains it (roles.ts grants the same). */
export const ROLE_HINTS: Record<StaffRole, string> = {
  owner: 'everything, staff management included',
  merchandiser: 'catalogue, prices, stock, content, media and storefront settings',
  support: 'orders, customers and pro codes; the catalogue read-only',
};

export const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({
  value: role,
  label: `${ROLE_LABELS[role]}: ${ROLE_HINTS[role]}`,
}));

export function RoleBadge({ role }: { role: StaffRole }) {
  return <Badge tone={role === 'owner' ? 'info' : 'neutral'}>{ROLE_LABELS[role]}</Badge>;
}

export function StatusBadge({ disabled }: { disabled: boolean }) {
  return disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>;
}

const TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const formatTime = (iso: string | null) => (iso ? TIME.format(new Date(iso)) : 'Never');
