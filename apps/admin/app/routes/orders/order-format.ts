import type { AdminOrderStatus } from '@piste/admin';
import type { BadgeTone } from '~/components/badge';

/** How each status reads in the back office, and how loudly. */
export const ORDER_STATUS_LABELS: Record<AdminOrderStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'neutral' },
  awaiting_fulfillment: { label: 'To ship', tone: 'warning' },
  shipped: { label: 'Shipped', tone: 'info' },
  completed: { label: 'Completed', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
  refunded: { label: 'Refunded', tone: 'neutral' },
};

export const ORDER_STATUS_OPTIONS = Object.entries(ORDER_STATUS_LABELS).map(([value, { label }]) => ({
  value,
  label,
}));

/** The shop's commerce regions (`x-bc-region`), as the list filters them. */
export const REGION_OPTIONS = [
  { value: 'us', label: 'United States' },
  { value: 'ca', label: 'Canada' },
  { value: 'eu_region_1', label: 'Europe' },
  { value: 'pro', label: 'Pro (US)' },
  { value: 'pro_ca', label: 'Pro (Canada)' },
  { value: 'pro_eu_region_1', label: 'Pro (Europe)' },
];

/** A date and time in the merchant's locale. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
