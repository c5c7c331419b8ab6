import type { CommerceRegion } from '@piste/commerce';
import type { LoadContextOf } from '@piste/server/load-context';

/** What reading a region's currencies needs. */
export type CurrencyReads = LoadContextOf<'store' | 'logger'>;

type CurrencyList = Awaited<ReturnType<CurrencyReads['services']['store']['listCurrencies']>>['data'];

/**
 * The region's currencies, its default first (spec §3: "The currency list per commerce region is
 * read and its first entry is used"), or null when they cannot be read. Spec §8: a currency
 * fetch failure is "only logged (with a store-specific label)"; the page then shows raw amounts.
 */
export async function regionCurrencies(context: CurrencyReads, region: CommerceRegion): Promise<CurrencyList | null> {
  try {
    return (await context.services.store.listCurrencies(region)).data;
  } catch (error) {
    context.services.logger.error({ err: error, region: region.id }, '[store:currency] Currency fetch failed');
    return null;
  }
}
