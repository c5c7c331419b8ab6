import { DomainError } from '@piste/core';
import { minorToDecimal } from '../money';
import type { CustomerStatus, ProOrderTotalDto } from './customer-contract';
import { BRAND_CURRENCY, proHomeCurrency, spendPeriodStart, type ProBrand } from './pro-status';

/**
 * The pro spend rules both commerce providers apply (docs/accounts.md 'Spend limit',
 * docs/decisions/016); each provider says where a customer's spend of the period comes from.
 */

/** A customer's spend of the current period in a currency, in minor units. */
export type SpentMinor = (currencyCode: string) => Promise<number>;

/** `GET /api/pro/order_total`: the period's spend for a brand, the pro expiry, the employee flag, the limit. */
export async function proOrderTotalOf(
  state: CustomerStatus,
  brand: ProBrand,
  now: Date,
  spentMinor: SpentMinor,
): Promise<ProOrderTotalDto> {
  const currency = BRAND_CURRENCY[brand];
  const spent = currency ? await spentMinor(currency) : 0;
  return {
    order_total: minorToDecimal(spent),
    expiration_date: state.proExpiresAt?.toISOString() ?? null,
    employee_group: state.isEmployee,
    spend_limit: state.spendLimit,
    currency_code: currency,
    period_start: spendPeriodStart(now).toISOString(),
  };
}

/**
 * Refuses a pro's order in any currency but their home one (a pro has one limit, in that
 * currency), and one that would take them past their spend limit this period.
 */
export async function assertProOrderAllowed(
  state: CustomerStatus,
  order: { currencyCode: string; spendMinor: number },
  spend: { spentMinor: SpentMinor; formatter: (currencyCode: string) => Promise<(minor: number) => string> },
): Promise<void> {
  if (!state.isPro) return;
  const homeCurrency = proHomeCurrency(state.proRegion);
  if (order.currencyCode !== homeCurrency) {
    throw new DomainError(
      'NOT_ALLOWED',
      `Your pro account buys in ${homeCurrency}, not ${order.currencyCode}: pro orders and your spend limit ` +
        `are in the shop of your pro region. Switch to it to place this order.`,
      'PRO_CURRENCY',
      { currency: homeCurrency, orderCurrency: order.currencyCode },
    );
  }
  const spent = await spend.spentMinor(order.currencyCode);
  const limitMinor = state.spendLimit * 100;
  if (spent + order.spendMinor > limitMinor) {
    const format = await spend.formatter(order.currencyCode);
    const values = { limit: format(limitMinor), left: format(Math.max(0, limitMinor - spent)) };
    throw new DomainError(
      'NOT_ALLOWED',
      `This order would take you past your pro spend limit of ${values.limit} for this year: ` +
        `${values.left} is left. Remove some items, or contact us to raise your limit.`,
      'SPEND_LIMIT_EXCEEDED',
      values,
    );
  }
}
