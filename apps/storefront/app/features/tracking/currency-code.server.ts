import type { ShopperContext } from '@piste/commerce';
import { regionCurrencies, type CurrencyReads } from '../catalogue/region-currencies.server';

/**
 * The region's default currency code (spec §3: the first of the region's list) for analytics
 * events, or null when the store cannot say: the page then reports no priced view.
 */
export async function currencyCodeFor(context: CurrencyReads, shopper: ShopperContext): Promise<string | null> {
  const currencies = await regionCurrencies(context, shopper.region);
  return currencies?.[0]?.currency_code ?? null;
}
