import type { PromotionStatus, PromotionView } from '@piste/admin';
import { Badge, type BadgeTone } from '~/components/badge';
import { formatMoney } from '~/components/money';
import { shortDate } from '../customers/customer-view';

/** The commerce regions as staff know them. */
export const PROMOTION_REGIONS: Record<string, string> = {
  us: 'US',
  ca: 'Canada',
  eu_region_1: 'Europe',
  pro: 'Pro US',
  pro_ca: 'Pro Canada',
  pro_eu_region_1: 'Pro Europe',
};

export const KIND_LABELS: Record<PromotionView['kind'], string> = {
  percent_off: 'Percent off',
  amount_off: 'Amount off',
  free_shipping: 'Free shipping',
};

const STATUS_BADGES: Record<PromotionStatus, { tone: BadgeTone; label: string }> = {
  active: { tone: 'success', label: 'Active' },
  scheduled: { tone: 'info', label: 'Scheduled' },
  expired: { tone: 'neutral', label: 'Expired' },
  disabled: { tone: 'warning', label: 'Disabled' },
};

export function PromotionStatusBadge({
  promotion,
}: {
  promotion: Pick<PromotionView, 'status' | 'timesUsed' | 'usageLimit'>;
}) {
  const { tone, label } = STATUS_BADGES[promotion.status];
  const usedUp =
    promotion.status === 'active' && promotion.usageLimit !== null && promotion.timesUsed >= promotion.usageLimit;
  return usedUp ? <Badge tone="warning">Used up</Badge> : <Badge tone={tone}>{label}</Badge>;
}

/** `10 % off`, `$15.00 off Goggles`, `Free shipping`: the offer, and its category or product unless the whole cart. */
export function offerText(promotion: PromotionView): string {
  const amount =
    promotion.kind === 'percent_off'
      ? `${promotion.percentOff ?? 0} % off`
      : promotion.kind === 'amount_off'
        ? `${formatMoney(promotion.amountOffMinor ?? 0, promotion.currencyCode ?? 'USD')} off`
        : 'Free shipping';
  if (promotion.target === 'cart') return amount;
  return `${amount} ${promotion.targetName ?? `${promotion.target} #${promotion.targetId}`}`;
}

export function regionsText(regions: readonly string[]): string {
  return regions.length === 0 ? 'All regions' : regions.map((region) => PROMOTION_REGIONS[region] ?? region).join(', ');
}

/** `1 Dec 2026 – 31 Dec 2026`, `From 1 Dec 2026`, `Until …`, or `Always`. */
export function datesText(promotion: Pick<PromotionView, 'startsAt' | 'endsAt'>): string {
  const { startsAt, endsAt } = promotion;
  if (startsAt && endsAt) return `${shortDate(startsAt)} – ${shortDate(endsAt)}`;
  if (startsAt) return `From ${shortDate(startsAt)}`;
  if (endsAt) return `Until ${shortDate(endsAt)}`;
  return 'Always';
}

/** `3 of 100`, or `3` when there is no limit. */
export function usesText(promotion: Pick<PromotionView, 'timesUsed' | 'usageLimit'>): string {
  return promotion.usageLimit === null ? `${promotion.timesUsed}` : `${promotion.timesUsed} of ${promotion.usageLimit}`;
}
