import { and, asc, eq, sql } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import type { Db } from '@piste/db';
import { FieldErrors } from '../admin-error';
import { recordAudit, type DbOrTx } from '../audit/audit-log';
import type { StaffActor } from '../staff-actor';
import type { CreateTaxRate, TaxRateView, TaxSettingsView, UpdateTaxRate, UpdateTaxSettings } from './settings-schemas';
import { announceSettingsChange, checkVersion, nextUpdatedAt, notFound, versionOf } from './settings-versions';

const { taxRates, taxSettings, countries, states } = commerceSchema;

type TaxRateRow = typeof taxRates.$inferSelect;

/** Thousandths of a percent, as stored, to the percent the merchant reads (14975 → 14.975). */
const percentOf = (millipercent: number) => millipercent / 1000;
const millipercentOf = (percent: number) => Math.round(percent * 1000);

export function taxRateKey(countryIso2: string, stateIso2: string): string {
  return stateIso2 === '' ? countryIso2 : `${countryIso2}-${stateIso2}`;
}

function parseKey(key: string): { countryIso2: string; stateIso2: string } {
  const [countryIso2 = '', stateIso2 = ''] = key.split('-');
  return { countryIso2, stateIso2 };
}

function rateView(row: TaxRateRow): TaxRateView {
  return {
    key: taxRateKey(row.countryIso2, row.stateIso2),
    countryIso2: row.countryIso2,
    stateIso2: row.stateIso2,
    name: row.name,
    ratePercent: percentOf(row.rateMillipercent),
    version: versionOf(row),
  };
}

/** Every rate, by country then state (a country's own rate first). */
export async function listTaxRates(db: DbOrTx): Promise<TaxRateView[]> {
  const rows = await db.select().from(taxRates).orderBy(asc(taxRates.countryIso2), asc(taxRates.stateIso2));
  return rows.map(rateView);
}

const rateWhere = (key: string) => {
  const { countryIso2, stateIso2 } = parseKey(key);
  return and(eq(taxRates.countryIso2, countryIso2), eq(taxRates.stateIso2, stateIso2));
};

/**
 * The tax service takes a country's rates by state as soon as one state has a rate (and then
 * asks every buyer there for a state), so a country keeps either one country rate or state
 * rates, never both.
 */
async function checkNewRate(tx: DbOrTx, input: { countryIso2: string; stateIso2: string }): Promise<void> {
  const [country] = await tx
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.countryIso2, input.countryIso2));
  if (!country) throw new FieldErrors({ countryIso2: `The shop does not know the country "${input.countryIso2}".` });
  if (input.stateIso2 !== '') {
    const [state] = await tx
      .select({ id: states.id })
      .from(states)
      .where(and(eq(states.countryId, country.id), eq(states.stateAbbreviation, input.stateIso2)));
    if (!state)
      throw new FieldErrors({ stateIso2: `${input.countryIso2} has no state or province "${input.stateIso2}".` });
  }
  const existing = await tx.select().from(taxRates).where(eq(taxRates.countryIso2, input.countryIso2));
  if (existing.some((rate) => rate.stateIso2 === input.stateIso2)) {
    throw new FieldErrors(
      { [input.stateIso2 === '' ? 'countryIso2' : 'stateIso2']: 'This place already has a rate: edit it instead.' },
      'This place already has a rate.',
    );
  }
  if (input.stateIso2 === '' && existing.length > 0) {
    throw new FieldErrors({
      stateIso2: `${input.countryIso2} is taxed by state or province: enter one.`,
    });
  }
  if (input.stateIso2 !== '' && existing.some((rate) => rate.stateIso2 === '')) {
    throw new FieldErrors({
      stateIso2: `${input.countryIso2} has one rate for the whole country: edit that one, or delete it first.`,
    });
  }
}

export async function createTaxRate(
  db: Db,
  actor: StaffActor,
  input: CreateTaxRate,
  requestId?: string,
): Promise<TaxRateView> {
  const place = { countryIso2: input.countryIso2, stateIso2: input.stateIso2 ?? '' };
  return db.transaction(async (tx) => {
    // One writer per country at a time, so two new rates cannot both pass the checks above.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tax_rates:${place.countryIso2}`}))`);
    await checkNewRate(tx, place);
    const [row] = await tx
      .insert(taxRates)
      .values({ ...place, name: input.name, rateMillipercent: millipercentOf(input.ratePercent) })
      .returning();
    const after = rateView(row!);
    await recordAudit(
      tx,
      actor,
      { action: 'tax-rate.create', entityType: 'tax_rate', entityId: after.key, after },
      requestId,
    );
    await announceSettingsChange(tx);
    return after;
  });
}

async function lockRate(tx: DbOrTx, key: string, version: string): Promise<{ row: TaxRateRow; before: TaxRateView }> {
  const [row] = await tx.select().from(taxRates).where(rateWhere(key)).for('update');
  if (!row) throw notFound(`The tax rate of ${key}`);
  const before = rateView(row);
  checkVersion(row, version, () => before, 'This tax rate');
  return { row, before };
}

export async function updateTaxRate(
  db: Db,
  actor: StaffActor,
  key: string,
  input: UpdateTaxRate,
  requestId?: string,
): Promise<TaxRateView> {
  return db.transaction(async (tx) => {
    const { row, before } = await lockRate(tx, key, input.version);
    const [updated] = await tx
      .update(taxRates)
      .set({ name: input.name, rateMillipercent: millipercentOf(input.ratePercent), updatedAt: nextUpdatedAt(row) })
      .where(rateWhere(key))
      .returning();
    const after = rateView(updated!);
    await recordAudit(
      tx,
      actor,
      { action: 'tax-rate.update', entityType: 'tax_rate', entityId: key, before, after },
      requestId,
    );
    await announceSettingsChange(tx);
    return after;
  });
}

/** Deletes a rate: shoppers there then pay no tax, so the screen asks first. */
export async function deleteTaxRate(
  db: Db,
  actor: StaffActor,
  key: string,
  version: string,
  requestId?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { before } = await lockRate(tx, key, version);
    await tx.delete(taxRates).where(rateWhere(key));
    await recordAudit(
      tx,
      actor,
      { action: 'tax-rate.delete', entityType: 'tax_rate', entityId: key, before },
      requestId,
    );
    await announceSettingsChange(tx);
  });
}

function settingsView(row: typeof taxSettings.$inferSelect): TaxSettingsView {
  return { regionId: row.regionId, pricesIncludeTax: row.pricesIncludeTax, version: versionOf(row) };
}

/** Whether each price-list region's prices include tax. */
export async function listTaxSettings(db: DbOrTx): Promise<TaxSettingsView[]> {
  const rows = await db.select().from(taxSettings).orderBy(asc(taxSettings.regionId));
  return rows.map(settingsView);
}

/** Sets whether a price-list region's prices include tax (each region has its row from the seed). */
export async function updateTaxSettings(
  db: Db,
  actor: StaffActor,
  regionId: string,
  input: UpdateTaxSettings,
  requestId?: string,
): Promise<TaxSettingsView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(taxSettings).where(eq(taxSettings.regionId, regionId)).for('update');
    if (!row) throw notFound(`The tax settings of ${regionId}`);
    const before = settingsView(row);
    checkVersion(row, input.version, () => before, 'These tax settings');
    const [updated] = await tx
      .update(taxSettings)
      .set({ pricesIncludeTax: input.pricesIncludeTax, updatedAt: nextUpdatedAt(row) })
      .where(eq(taxSettings.regionId, regionId))
      .returning();
    const after = settingsView(updated!);
    await recordAudit(
      tx,
      actor,
      { action: 'tax-settings.update', entityType: 'tax_settings', entityId: regionId, before, after },
      requestId,
    );
    await announceSettingsChange(tx);
    return after;
  });
}
