import { eq } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import type { Db } from '@piste/db';
import { recordAudit, type DbOrTx } from '../audit/audit-log';
import type { StaffActor } from '../staff-actor';
import type { StoreSettingsView, UpdateStoreSettings } from './settings-schemas';
import { checkVersion, nextUpdatedAt, notFound, versionOf } from './settings-versions';

const { storeSettings } = commerceSchema;

/** The store settings live in one row (id 1), loaded by the seed. */
const STORE_ROW = 1;

function view(row: typeof storeSettings.$inferSelect): StoreSettingsView {
  return {
    name: row.name,
    domain: row.domain,
    adminEmail: row.adminEmail,
    orderEmail: row.orderEmail,
    weightUnits: row.weightUnits,
    dimensionUnits: row.dimensionUnits,
    timezone: row.timezone,
    version: versionOf(row),
  };
}

export async function getStoreSettings(db: DbOrTx): Promise<StoreSettingsView> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, STORE_ROW));
  if (!row) throw notFound('The store settings');
  return view(row);
}

/**
 * Saves the shop's name, addresses, units and time zone. The store_settings trigger (migration
 * 0011) announces the change to every instance, whose caches then re-read it.
 */
export async function updateStoreSettings(
  db: Db,
  actor: StaffActor,
  input: UpdateStoreSettings,
  requestId?: string,
): Promise<StoreSettingsView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(storeSettings).where(eq(storeSettings.id, STORE_ROW)).for('update');
    if (!row) throw notFound('The store settings');
    const before = view(row);
    checkVersion(row, input.version, () => before, 'The store settings');
    const { version: _loaded, ...fields } = input;
    const [updated] = await tx
      .update(storeSettings)
      .set({ ...fields, updatedAt: nextUpdatedAt(row) })
      .where(eq(storeSettings.id, STORE_ROW))
      .returning();
    const after = view(updated!);
    await recordAudit(
      tx,
      actor,
      { action: 'store-settings.update', entityType: 'store_settings', entityId: STORE_ROW, before, after },
      requestId,
    );
    return after;
  });
}
