import { PRO_CODE_REGIONS, type ProCodeRegion } from './customer-kinds';

/** Spec §3 'Customer state': "brandSpendLimit (default 3000)". */
export const DEFAULT_BRAND_SPEND_LIMIT = 3000;
/** The form field that carries a customer's pro code (spec §3 'Customer (stored)'). */
export const PRO_CODE_FIELD = 'Pro Code';

/**
 * Spec §3: "Source data may also carry a form field named 'Pro Code'. Its value (or the notes)
 * holds JSON with a region value. The customer is pro if that region starts with 'pro'."
 * Returns the region the JSON names, or null when neither holds readable JSON with one.
 */
export function proRegionFromCustomerData(
  formFields: readonly { name: string; value: unknown }[],
  notes: string,
): string | null {
  const fieldValue = formFields.find((field) => field.name === PRO_CODE_FIELD)?.value;
  for (const candidate of [fieldValue, notes]) {
    if (typeof candidate !== 'string' || candidate.trim() === '') continue;
    try {
      const parsed: unknown = JSON.parse(candidate);
      if (typeof parsed === 'object' && parsed !== null && 'region' in parsed && typeof parsed.region === 'string') {
        return parsed.region;
      }
    } catch {
      // Notes are free text for most customers; only JSON in them names a region.
    }
  }
  return null;
}

/** The form field value written when a customer joins with a pro code. */
export function proCodeFieldValue(code: string, region: ProCodeRegion): string {
  return JSON.stringify({ code, region });
}

/** Spec §3: "The customer is pro if that region starts with 'pro'" (any such region, not only the shop's own). */
export function regionMakesPro(region: string | null): boolean {
  return region !== null && region.startsWith('pro');
}

/** A pro region the shop sells in (a pro code's region). */
export function isProRegion(region: string | null): region is ProCodeRegion {
  return region !== null && region.startsWith('pro') && (PRO_CODE_REGIONS as readonly string[]).includes(region);
}

/**
 * Spec §7 `GET /api/pro/order_total`: "brand chosen by region: us, ca, no, otherwise eu region
 * 1". Each brand keeps its own spend in its own currency.
 */
export const PRO_BRANDS = ['us', 'ca', 'no', 'eu_region_1'] as const;
export type ProBrand = (typeof PRO_BRANDS)[number];

export function proBrandForRegion(region: string): ProBrand {
  if (region === 'us' || region === 'pro') return 'us';
  if (region === 'ca' || region === 'pro_ca') return 'ca';
  if (region === 'no') return 'no';
  return 'eu_region_1';
}

/** The currency a brand's spend is counted in; Norway has no shop of its own, so no spend. */
export const BRAND_CURRENCY: Record<ProBrand, string | null> = { us: 'USD', ca: 'CAD', eu_region_1: 'EUR', no: null };

/** The brand of each pro region: where a pro code's holder buys (spec §7 'brand chosen by region'). */
const PRO_HOME_BRAND: Record<ProCodeRegion, Exclude<ProBrand, 'no'>> = {
  pro: 'us',
  pro_ca: 'ca',
  pro_eu_region_1: 'eu_region_1',
};

/**
 * A pro's home brand: their pro code's region's (docs/decisions/016). A pro whose region the
 * shop does not sell in (only hand-written notes can name one) counts as the default region's, us.
 */
export function proHomeBrand(proRegion: ProCodeRegion | null): Exclude<ProBrand, 'no'> {
  return proRegion === null ? 'us' : PRO_HOME_BRAND[proRegion];
}

/** The one currency a pro buys in and their spend limit is counted in (docs/decisions/016). */
export function proHomeCurrency(proRegion: ProCodeRegion | null): string {
  return BRAND_CURRENCY[proHomeBrand(proRegion)]!;
}

/**
 * The spend-limit period: the calendar year (UTC) the moment falls in. A pro's spend counts
 * orders placed since its start (docs/accounts.md 'Pro programme').
 */
export function spendPeriodStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
}
