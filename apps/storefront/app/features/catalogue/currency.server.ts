import type { AppLoadContext } from 'react-router';
import type { ShopperContext } from '@piste/commerce';
import type { CurrencyFormatView } from './product-view';

/**
 * The region's default currency format (spec §3: the first entry of the region's list), or
 * null when the store cannot say, in which case prices show with the default `$` format.
 */
export async function currencyFormatFor(
  context: AppLoadContext,
  shopper: ShopperContext,
): Promise<CurrencyFormatView | null> {
  const currencies = await context.services.store.listCurrencies(shopper.region).catch(() => null);
  const [currency] = currencies?.data ?? [];
  if (!currency) return null;
  const { token, decimal_token, thousands_token, decimal_places, token_location } = currency;
  return { token, decimal_token, thousands_token, decimal_places, token_location };
}
