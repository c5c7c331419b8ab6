import type { ShopperContext } from '@piste/commerce';
import type { CurrencyFormatView } from '../../lib/money';
import { regionCurrencies, type CurrencyReads } from './region-currencies.server';

/**
 * The region's default currency format (spec §3: the first entry of the region's list), or null
 * when the store cannot say. Null formats as the raw amount (spec §5), never with the default
 * `$`, which would be wrong for a euro or CAD price.
 */
export async function currencyFormatFor(
  context: CurrencyReads,
  shopper: ShopperContext,
  /** The page's locale: prices are written as its language writes them in its country. */
  locale: string,
): Promise<CurrencyFormatView | null> {
  const [currency] = (await regionCurrencies(context, shopper.region)) ?? [];
  if (!currency) return null;
  const { currency_code, token, decimal_token, thousands_token, decimal_places, token_location } = currency;
  return { token, decimal_token, thousands_token, decimal_places, token_location, currency_code, locale };
}
