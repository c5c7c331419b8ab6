import type { AppLoadContext } from 'react-router';
import type { ShopperContext } from '@piste/commerce';

/**
 * The region's default currency code (spec §3: the first of the region's list) for analytics
 * events, or null when the store cannot say: the page then reports no priced view.
 */
export async function currencyCodeFor(context: AppLoadContext, shopper: ShopperContext): Promise<string | null> {
  const currencies = await context.services.store.listCurrencies(shopper.region).catch(() => null);
  return currencies?.data[0]?.currency_code ?? null;
}
