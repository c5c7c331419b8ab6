import { eq } from 'drizzle-orm';
import { formatCurrency } from '@piste/core';
import type { Db } from '@piste/db';
import { minorToDecimal } from '../money';
import { currencies } from '../schema/index';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Formats minor units of a currency as its store settings say (spec §3 'Currency format'),
 * for text the engine writes itself: emails and refusals that name an amount. With the
 * shopper's locale (an order's), written as that locale's language writes it (`294,95 $`).
 */
export async function moneyFormatter(
  executor: Db | Tx,
  currencyCode: string,
  locale?: string,
): Promise<(minor: number) => string> {
  const [currency] = await executor.select().from(currencies).where(eq(currencies.code, currencyCode));
  const places = currency?.decimalPlaces ?? 2;
  return (minor) =>
    formatCurrency(
      minorToDecimal(minor, places),
      currency && {
        token: currency.token,
        decimal_token: currency.decimalToken,
        thousands_token: currency.thousandsToken,
        decimal_places: currency.decimalPlaces,
        token_location: currency.tokenLocation,
        ...(locale === undefined ? {} : { currency_code: currency.code, locale }),
      },
    );
}
