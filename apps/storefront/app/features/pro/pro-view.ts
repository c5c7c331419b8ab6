/**
 * What the pro pages show about the signed-in shopper (spec §3 'Customer state'),
 * built on the server. Amounts and dates are already formatted there, so hydration matches.
 */
import type { ProSpendView } from '@piste/commerce';

export interface MembershipView {
  kind: 'member';
  firstName: string;
  isPro: boolean;
  /** Employees are flagged by the server through their group (spec §1). */
  isEmployee: boolean;
  /** Display-text title of the pro region (`Pro Canada`); null for an employee who is not a pro. */
  regionLabel: string | null;
  /** ISO date, for `<time dateTime>`, and as the locale writes it. */
  expiresOn: string | null;
  expiresLabel: string | null;
  /** The membership ends within the next 30 days. */
  expiresSoon: boolean;
  /** The group's percentage off list prices, when it has one. */
  discountPercent: number | null;
  /** Null for employees who are not pros, and where the shop does not sell online. */
  spend: ProSpendView | null;
}

/** A signed-in customer without pro or employee pricing (perhaps one whose pro status ended). */
export interface NonMemberView {
  kind: 'customer';
  firstName: string;
  /** When an earlier pro membership ended, as the locale writes it. */
  endedLabel: string | null;
  endedOn: string | null;
}

export type ProStatusView = { kind: 'guest' } | NonMemberView | MembershipView;

/** Display-text titles of the pro regions a pro code grants (spec §4 region resolution). */
export const PRO_REGION_LABELS: Readonly<Record<string, string>> = {
  pro: 'Pro United States',
  pro_ca: 'Pro Canada',
  pro_eu_region_1: 'Pro Europe',
};

/** Days before expiry from which the pages point out that the membership ends soon. */
export const EXPIRY_NOTICE_DAYS = 30;

export function expiresSoon(expiresAt: Date | null, now: Date): boolean {
  if (expiresAt === null) return false;
  const left = expiresAt.getTime() - now.getTime();
  return left > 0 && left <= EXPIRY_NOTICE_DAYS * 86_400_000;
}

/** A discount rule as the customer group carries it (BigCommerce's discount_rules). */
export interface GroupDiscountRule {
  type: string;
  method: string;
  amount: string;
}

/**
 * The group's headline discount: its rule for everything, else its largest percentage rule;
 * null without a percentage rule.
 */
export function groupDiscountPercent(rules: readonly GroupDiscountRule[] | null | undefined): number | null {
  const percents = (rules ?? [])
    .filter((rule) => rule.method === 'percent')
    .map((rule) => ({ type: rule.type, value: Number(rule.amount) }))
    .filter((rule) => Number.isFinite(rule.value) && rule.value > 0);
  const forAll = percents.find((rule) => rule.type === 'all');
  const best = forAll ?? percents.sort((a, b) => b.value - a.value)[0];
  return best ? Math.min(100, Math.round(best.value * 100) / 100) : null;
}
