import { asc, eq, inArray } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import type { Db } from '@piste/db';
import { FieldErrors } from '../admin-error';
import { recordAudit, type DbOrTx } from '../audit/audit-log';
import type { StaffActor } from '../staff-actor';
import { regionCurrency } from './settings-regions';
import type {
  CreateShippingZone,
  ShippingMethodInput,
  ShippingMethodView,
  ShippingZoneView,
  UpdateShippingMethod,
  UpdateShippingZone,
} from './settings-schemas';
import { announceSettingsChange, checkVersion, nextUpdatedAt, notFound, versionOf } from './settings-versions';

const { shippingZones, shippingZoneLocations, shippingMethods, countries, states } = commerceSchema;

type MethodRow = typeof shippingMethods.$inferSelect;
type ZoneRow = typeof shippingZones.$inferSelect;
type LocationRow = typeof shippingZoneLocations.$inferSelect;
type MethodSettings = MethodRow['settings'];

function methodView(row: MethodRow): ShippingMethodView {
  const base = {
    id: row.id,
    zoneId: row.zoneId,
    name: row.name,
    type: row.type,
    enabled: row.enabled,
    handlingFeeMinor: row.handlingFeeMinor,
    version: versionOf(row),
  };
  const settings = row.settings;
  switch (settings.type) {
    case 'freeshipping':
      return { ...base, minimumSubtotalMinor: settings.minimumSubtotalMinor };
    case 'flatrate':
      return { ...base, rateMinor: settings.rateMinor };
    case 'total':
      return { ...base, ranges: settings.ranges };
  }
}

/** The stored settings and handling fee of a method as the editor sent it. */
function storedMethod(input: ShippingMethodInput): { settings: MethodSettings; handlingFeeMinor: number } {
  switch (input.type) {
    case 'freeshipping':
      return {
        settings: { type: 'freeshipping', minimumSubtotalMinor: input.minimumSubtotalMinor },
        handlingFeeMinor: 0,
      };
    case 'flatrate':
      return { settings: { type: 'flatrate', rateMinor: input.rateMinor }, handlingFeeMinor: input.handlingFeeMinor };
    case 'total':
      return { settings: { type: 'total', ranges: input.ranges }, handlingFeeMinor: input.handlingFeeMinor };
  }
}

async function zoneViews(db: DbOrTx, zones: ZoneRow[]): Promise<ShippingZoneView[]> {
  if (zones.length === 0) return [];
  const ids = zones.map((zone) => zone.id);
  const [locations, methods] = await Promise.all([
    db
      .select()
      .from(shippingZoneLocations)
      .where(inArray(shippingZoneLocations.zoneId, ids))
      .orderBy(asc(shippingZoneLocations.id)),
    db.select().from(shippingMethods).where(inArray(shippingMethods.zoneId, ids)).orderBy(asc(shippingMethods.id)),
  ]);
  const currencies = new Map<string, string>();
  for (const regionId of new Set(zones.map((zone) => zone.regionId))) {
    currencies.set(regionId, (await regionCurrency(db, regionId))?.currencyCode ?? '');
  }
  return zones.map((zone) => ({
    id: zone.id,
    regionId: zone.regionId,
    currencyCode: currencies.get(zone.regionId) ?? '',
    name: zone.name,
    type: zone.type,
    enabled: zone.enabled,
    locations: locations
      .filter((location) => location.zoneId === zone.id)
      .map((location: LocationRow) => ({ countryIso2: location.countryIso2, stateIso2: location.stateIso2 })),
    methods: methods.filter((method) => method.zoneId === zone.id).map(methodView),
    version: versionOf(zone),
  }));
}

/** Every zone with its places and methods, of one price-list region or all, in id order. */
export async function listShippingZones(db: DbOrTx, regionId?: string): Promise<ShippingZoneView[]> {
  const zones = await db
    .select()
    .from(shippingZones)
    .where(regionId === undefined ? undefined : eq(shippingZones.regionId, regionId))
    .orderBy(asc(shippingZones.regionId), asc(shippingZones.id));
  return zoneViews(db, zones);
}

export async function getShippingZone(db: DbOrTx, zoneId: number): Promise<ShippingZoneView> {
  const zones = await db.select().from(shippingZones).where(eq(shippingZones.id, zoneId));
  const [zone] = await zoneViews(db, zones);
  if (!zone) throw notFound(`Shipping zone ${zoneId}`);
  return zone;
}

/** Countries and states must be ones the shop knows, each told at its own field. */
async function checkPlaces(db: DbOrTx, locations: { countryIso2: string; stateIso2?: string | null }[]): Promise<void> {
  const countryCodes = [...new Set(locations.map((location) => location.countryIso2))];
  const known = await db
    .select({ id: countries.id, iso2: countries.countryIso2 })
    .from(countries)
    .where(inArray(countries.countryIso2, countryCodes));
  const countryIds = new Map(known.map((country) => [country.iso2, country.id]));
  const stateRows =
    known.length === 0
      ? []
      : await db
          .select({ countryId: states.countryId, code: states.stateAbbreviation })
          .from(states)
          .where(inArray(states.countryId, [...countryIds.values()]));
  const knownStates = new Set(stateRows.map((state) => `${state.countryId}-${state.code}`));
  const fields: Record<string, string> = {};
  locations.forEach((location, index) => {
    const countryId = countryIds.get(location.countryIso2);
    if (countryId === undefined) {
      fields[`locations.${index}.countryIso2`] = `The shop does not know the country "${location.countryIso2}".`;
    } else if (location.stateIso2 && !knownStates.has(`${countryId}-${location.stateIso2}`)) {
      fields[`locations.${index}.stateIso2`] =
        `${location.countryIso2} has no state or province "${location.stateIso2}".`;
    }
  });
  if (Object.keys(fields).length > 0) throw new FieldErrors(fields);
}

async function writeLocations(tx: DbOrTx, zoneId: number, locations: CreateShippingZone['locations']): Promise<void> {
  await tx.delete(shippingZoneLocations).where(eq(shippingZoneLocations.zoneId, zoneId));
  await tx.insert(shippingZoneLocations).values(
    locations.map((location) => ({
      zoneId,
      countryIso2: location.countryIso2,
      stateIso2: location.stateIso2 ?? null,
    })),
  );
}

export async function createShippingZone(
  db: Db,
  actor: StaffActor,
  input: CreateShippingZone,
  requestId?: string,
): Promise<ShippingZoneView> {
  return db.transaction(async (tx) => {
    await checkPlaces(tx, input.locations);
    const [zone] = await tx
      .insert(shippingZones)
      .values({ regionId: input.regionId, name: input.name, type: input.type, enabled: input.enabled })
      .returning();
    await writeLocations(tx, zone!.id, input.locations);
    const after = await getShippingZone(tx, zone!.id);
    await recordAudit(
      tx,
      actor,
      { action: 'shipping-zone.create', entityType: 'shipping_zone', entityId: zone!.id, after },
      requestId,
    );
    await announceSettingsChange(tx);
    return after;
  });
}

/** Locks a zone for a change and checks the editor's version; answers the zone as it was. */
async function lockZone(
  tx: DbOrTx,
  zoneId: number,
  version: string,
): Promise<{ row: ZoneRow; before: ShippingZoneView }> {
  const [row] = await tx.select().from(shippingZones).where(eq(shippingZones.id, zoneId)).for('update');
  if (!row) throw notFound(`Shipping zone ${zoneId}`);
  const before = await getShippingZone(tx, zoneId);
  checkVersion(row, version, () => before, 'This shipping zone');
  return { row, before };
}

export async function updateShippingZone(
  db: Db,
  actor: StaffActor,
  zoneId: number,
  input: UpdateShippingZone,
  requestId?: string,
): Promise<ShippingZoneView> {
  return db.transaction(async (tx) => {
    const { row, before } = await lockZone(tx, zoneId, input.version);
    await checkPlaces(tx, input.locations);
    await tx
      .update(shippingZones)
      .set({ name: input.name, type: input.type, enabled: input.enabled, updatedAt: nextUpdatedAt(row) })
      .where(eq(shippingZones.id, zoneId));
    await writeLocations(tx, zoneId, input.locations);
    const after = await getShippingZone(tx, zoneId);
    await recordAudit(
      tx,
      actor,
      { action: 'shipping-zone.update', entityType: 'shipping_zone', entityId: zoneId, before, after },
      requestId,
    );
    await announceSettingsChange(tx);
    return after;
  });
}

/**
 * Deletes a zone with its places and methods. Orders keep a copy of the method they shipped
 * with, so no order loses anything.
 */
export async function deleteShippingZone(
  db: Db,
  actor: StaffActor,
  zoneId: number,
  version: string,
  requestId?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { before } = await lockZone(tx, zoneId, version);
    await tx.delete(shippingZones).where(eq(shippingZones.id, zoneId));
    await recordAudit(
      tx,
      actor,
      { action: 'shipping-zone.delete', entityType: 'shipping_zone', entityId: zoneId, before },
      requestId,
    );
    await announceSettingsChange(tx);
  });
}

async function getMethod(db: DbOrTx, methodId: number): Promise<ShippingMethodView> {
  const [row] = await db.select().from(shippingMethods).where(eq(shippingMethods.id, methodId));
  if (!row) throw notFound(`Shipping method ${methodId}`);
  return methodView(row);
}

export async function createShippingMethod(
  db: Db,
  actor: StaffActor,
  zoneId: number,
  input: ShippingMethodInput,
  requestId?: string,
): Promise<ShippingMethodView> {
  return db.transaction(async (tx) => {
    // Shared lock: the zone cannot be deleted under the new method.
    const [zone] = await tx
      .select({ id: shippingZones.id })
      .from(shippingZones)
      .where(eq(shippingZones.id, zoneId))
      .for('share');
    if (!zone) throw notFound(`Shipping zone ${zoneId}`);
    const [row] = await tx
      .insert(shippingMethods)
      .values({ zoneId, name: input.name, type: input.type, enabled: input.enabled, ...storedMethod(input) })
      .returning();
    const after = methodView(row!);
    await recordAudit(
      tx,
      actor,
      { action: 'shipping-method.create', entityType: 'shipping_method', entityId: row!.id, after },
      requestId,
    );
    await announceSettingsChange(tx);
    return after;
  });
}

async function lockMethod(
  tx: DbOrTx,
  methodId: number,
  version: string,
): Promise<{ row: MethodRow; before: ShippingMethodView }> {
  const [row] = await tx.select().from(shippingMethods).where(eq(shippingMethods.id, methodId)).for('update');
  if (!row) throw notFound(`Shipping method ${methodId}`);
  const before = methodView(row);
  checkVersion(row, version, () => before, 'This shipping method');
  return { row, before };
}

/** Replaces a method's name, kind and amounts; its zone stays. */
export async function updateShippingMethod(
  db: Db,
  actor: StaffActor,
  methodId: number,
  input: UpdateShippingMethod,
  requestId?: string,
): Promise<ShippingMethodView> {
  return db.transaction(async (tx) => {
    const { row, before } = await lockMethod(tx, methodId, input.version);
    await tx
      .update(shippingMethods)
      .set({
        name: input.name,
        type: input.type,
        enabled: input.enabled,
        ...storedMethod(input),
        updatedAt: nextUpdatedAt(row),
      })
      .where(eq(shippingMethods.id, methodId));
    const after = await getMethod(tx, methodId);
    await recordAudit(
      tx,
      actor,
      { action: 'shipping-method.update', entityType: 'shipping_method', entityId: methodId, before, after },
      requestId,
    );
    await announceSettingsChange(tx);
    return after;
  });
}

export async function deleteShippingMethod(
  db: Db,
  actor: StaffActor,
  methodId: number,
  version: string,
  requestId?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { before } = await lockMethod(tx, methodId, version);
    await tx.delete(shippingMethods).where(eq(shippingMethods.id, methodId));
    await recordAudit(
      tx,
      actor,
      { action: 'shipping-method.delete', entityType: 'shipping_method', entityId: methodId, before },
      requestId,
    );
    await announceSettingsChange(tx);
  });
}
