import { and, eq, inArray } from 'drizzle-orm';
import { PRICE_LIST_REGION } from '@piste/commerce';
import { commerceSchema } from '@piste/commerce/server';
import type { DbOrTx } from '../audit/audit-log';
import type { PriceList } from './catalogue-schemas';

const { regionCurrencies, currencies } = commerceSchema;

/** The regions that keep a price list (pro regions buy at their home region's), in a stable order. */
export const PRICE_LIST_REGION_IDS: readonly string[] = [...new Set(Object.values(PRICE_LIST_REGION))];

/** Each price list with the currency its prices are in (the region's default) and its decimals. */
export async function loadPriceLists(db: DbOrTx): Promise<PriceList[]> {
  const rows = await db
    .select({
      regionId: regionCurrencies.regionId,
      currencyCode: regionCurrencies.currencyCode,
      decimalPlaces: currencies.decimalPlaces,
    })
    .from(regionCurrencies)
    .innerJoin(currencies, eq(currencies.code, regionCurrencies.currencyCode))
    .where(and(inArray(regionCurrencies.regionId, [...PRICE_LIST_REGION_IDS]), eq(regionCurrencies.position, 0)));
  return PRICE_LIST_REGION_IDS.flatMap((regionId) => rows.filter((row) => row.regionId === regionId));
}
