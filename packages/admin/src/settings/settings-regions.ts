import { asc, eq, inArray } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import type { DbOrTx } from '../audit/audit-log';
import { PRICE_LIST_REGIONS, type SettingsOverview } from './settings-schemas';

const { regionCurrencies, currencies, customerGroups } = commerceSchema;

/** A price-list region's default currency (position 0), which its zones' amounts are in. */
export async function regionCurrency(
  db: DbOrTx,
  regionId: string,
): Promise<{ currencyCode: string; decimalPlaces: number } | null> {
  const [row] = await db
    .select({ currencyCode: currencies.code, decimalPlaces: currencies.decimalPlaces })
    .from(regionCurrencies)
    .innerJoin(currencies, eq(currencies.code, regionCurrencies.currencyCode))
    .where(eq(regionCurrencies.regionId, regionId))
    .orderBy(asc(regionCurrencies.position))
    .limit(1);
  return row ?? null;
}

/** What the settings screens pick from: the price-list regions with their currencies, and the customer groups. */
export async function settingsChoices(db: DbOrTx): Promise<Omit<SettingsOverview, 'commerceSettings'>> {
  const regions = [];
  for (const id of PRICE_LIST_REGIONS) {
    const currency = await regionCurrency(db, id);
    if (currency) regions.push({ id, ...currency });
  }
  const groups = await db
    .select({ id: customerGroups.id, name: customerGroups.name })
    .from(customerGroups)
    .orderBy(asc(customerGroups.id));
  return { regions, groups };
}

/** The ids among `ids` that name no customer group. */
export async function unknownGroups(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(inArray(customerGroups.id, [...ids]));
  const known = new Set(found.map((group) => group.id));
  return ids.filter((id) => !known.has(id));
}
