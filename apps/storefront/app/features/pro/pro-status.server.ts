import { proHomeBrand, proSpendView, type CustomerStatus, type ProSpendView } from '@piste/commerce';
import type { LocaleState } from '@piste/core';
import type { LoadContextOf } from '@piste/server/load-context';
import { formatLongDate } from '../../lib/dates';
import { regionCurrencies, type CurrencyReads } from '../catalogue/region-currencies.server';
import { expiresSoon, groupDiscountPercent, PRO_REGION_LABELS, type ProStatusView } from './pro-view';

/** What a pro's spend status reads: their year's orders and the page's currency. */
type SpendReads = CurrencyReads & LoadContextOf<'customers', 'shopper'>;

/** What the pro pages' status reads: the spend, for the signed-in customer. */
type ProStatusReads = SpendReads & LoadContextOf<never, 'customer'>;

async function spendView(
  context: SpendReads,
  customer: CustomerStatus,
  localeState: LocaleState,
): Promise<ProSpendView | null> {
  const { shopper } = context;
  const [total, currencies] = await Promise.all([
    // A pro has one spend limit, in their pro region's currency, wherever they browse (decision 016).
    context.services.customers.proOrderTotal(customer.customer.id, proHomeBrand(customer.proRegion)),
    regionCurrencies(context, shopper.region),
  ]);
  return proSpendView(total, localeState.locale, currencies?.[0]);
}

/**
 * The signed-in pro's spend status for every page (spec §4 'Customer': "Setting the customer
 * triggers pro detection and a spend-status fetch"), so the header knows what is left; null for
 * anyone else. A failure is logged and leaves it out (spec §8): the page still renders.
 */
export async function signedInProSpend(
  context: ProStatusReads,
  localeState: LocaleState,
): Promise<ProSpendView | null> {
  const customer = context.customer;
  if (!customer?.isPro) return null;
  try {
    return await spendView(context, customer, localeState);
  } catch (error) {
    context.services.logger.error({ err: error }, '[customer:pro-spend] Spend status fetch failed');
    return null;
  }
}

/**
 * The signed-in shopper's pro state for the pro pages: a guest, a customer without pro pricing
 * (perhaps one whose pro status has ended), or a member (pro, employee, or both) with their
 * region, expiry, group discount and, for pros, this year's spend against their limit.
 */
export async function loadProStatus(
  context: ProStatusReads,
  localeState: LocaleState,
  now: Date = new Date(),
): Promise<ProStatusView> {
  const customer = context.customer;
  if (!customer) return { kind: 'guest' };
  const firstName = customer.customer.first_name;
  if (!customer.isPro && !customer.isEmployee) {
    const ended = customer.proExpiresAt !== null && customer.proExpiresAt.getTime() <= now.getTime();
    return {
      kind: 'customer',
      firstName,
      endedOn: ended ? customer.proExpiresAt!.toISOString() : null,
      endedLabel: ended ? formatLongDate(customer.proExpiresAt!, localeState.locale) : null,
    };
  }
  const expiresAt = customer.isPro ? customer.proExpiresAt : null;
  return {
    kind: 'member',
    firstName,
    isPro: customer.isPro,
    isEmployee: customer.isEmployee,
    regionLabel: customer.isPro && customer.proRegion ? (PRO_REGION_LABELS[customer.proRegion] ?? null) : null,
    expiresOn: expiresAt?.toISOString() ?? null,
    expiresLabel: expiresAt ? formatLongDate(expiresAt, localeState.locale) : null,
    expiresSoon: expiresSoon(expiresAt, now),
    discountPercent: groupDiscountPercent(customer.group?.discount_rules),
    spend: customer.isPro ? await spendView(context, customer, localeState) : null,
  };
}
