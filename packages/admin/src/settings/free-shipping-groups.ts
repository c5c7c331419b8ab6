import { asc, eq } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import type { Db } from '@piste/db';
import { FieldErrors } from '../admin-error';
import { recordAudit, type DbOrTx } from '../audit/audit-log';
import type { StaffActor } from '../staff-actor';
import { unknownGroups } from './settings-regions';
import type { FreeShippingView, UpdateFreeShipping } from './settings-schemas';
import { announceSettingsChange, checkVersion, nextUpdatedAt, notFound, versionOf } from './settings-versions';

const { shippingSettings } = commerceSchema;

/** The platform's comma list of group ids ('3,4'), as the shipping service parses it. */
const groupIdsOf = (list: string): number[] =>
  list
    .split(',')
    .map((id) => Number(id.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);

function view(row: typeof shippingSettings.$inferSelect): FreeShippingView {
  return {
    regionId: row.regionId,
    isEnabled: row.isEnabled,
    hideFreeShippingGroups: groupIdsOf(row.hideFreeShippingGroups),
    version: versionOf(row),
  };
}

/** Per price-list region: the customer groups free shipping is hidden from (spec §5). */
export async function listFreeShippingSettings(db: DbOrTx): Promise<FreeShippingView[]> {
  const rows = await db.select().from(shippingSettings).orderBy(asc(shippingSettings.regionId));
  return rows.map(view);
}

/** Picks the groups that never see free shipping in a region; unknown groups are refused at the field. */
export async function updateFreeShippingSettings(
  db: Db,
  actor: StaffActor,
  regionId: string,
  input: UpdateFreeShipping,
  requestId?: string,
): Promise<FreeShippingView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(shippingSettings).where(eq(shippingSettings.regionId, regionId)).for('update');
    if (!row) throw notFound(`The shipping settings of ${regionId}`);
    const before = view(row);
    checkVersion(row, input.version, () => before, 'These shipping settings');
    const groups = [...new Set(input.hideFreeShippingGroups)].sort((a, b) => a - b);
    const unknown = await unknownGroups(tx, groups);
    if (unknown.length > 0) {
      throw new FieldErrors({ hideFreeShippingGroups: `No customer group has the id ${unknown.join(', ')}.` });
    }
    const [updated] = await tx
      .update(shippingSettings)
      .set({ isEnabled: input.isEnabled, hideFreeShippingGroups: groups.join(','), updatedAt: nextUpdatedAt(row) })
      .where(eq(shippingSettings.regionId, regionId))
      .returning();
    const after = view(updated!);
    await recordAudit(
      tx,
      actor,
      { action: 'shipping-settings.update', entityType: 'shipping_settings', entityId: regionId, before, after },
      requestId,
    );
    await announceSettingsChange(tx);
    return after;
  });
}
