import type { ProCodeView } from '@piste/admin';
import { Badge } from '~/components/badge';

/** Each pro region, as staff know it, and the currency its spend limit is in. */
export const PRO_REGIONS: Record<string, { label: string; currency: string }> = {
  pro: { label: 'Pro US', currency: 'USD' },
  pro_ca: { label: 'Pro Canada', currency: 'CAD' },
  pro_eu_region_1: { label: 'Pro Europe', currency: 'EUR' },
};

export const regionLabel = (region: string) => PRO_REGIONS[region]?.label ?? region;

const STATE_BADGES: Record<ProCodeView['state'], { tone: 'success' | 'warning' | 'danger'; label: string }> = {
  accepted: { tone: 'success', label: 'Accepted' },
  closed: { tone: 'warning', label: 'Closed to sign-ups' },
  expired: { tone: 'danger', label: 'Expired' },
};

/** Whether new customers may join with the code now. */
export function ProCodeStateBadge({ state }: { state: ProCodeView['state'] }) {
  const { tone, label } = STATE_BADGES[state];
  return <Badge tone={tone}>{label}</Badge>;
}

/** `3 of 10`, or `3` when the code has no limit. */
export function usesText(code: Pick<ProCodeView, 'uses' | 'maxUses'>): string {
  return code.maxUses === null ? `${code.uses}` : `${code.uses} of ${code.maxUses}`;
}
