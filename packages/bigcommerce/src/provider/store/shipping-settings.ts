import { commerceSchema } from '@piste/commerce/server';
import { parseGroupList, type CommerceRegion, type ShippingSettingsDto } from '@piste/commerce';
import type { Db } from '@piste/db';

/**
 * Spec §3 'Shipping settings' (is_enabled, hide_free_shipping_groups) have no BigCommerce
 * counterpart, so they stay in our own database's `shipping_settings`, per price-list region, as
 * with the embedded engine; a region without a row has them disabled.
 */
export async function readShippingSettings(db: Db, region: CommerceRegion): Promise<ShippingSettingsDto> {
  const rows = await db.select().from(commerceSchema.shippingSettings);
  const row = rows.find((candidate) => candidate.regionId === region.priceListRegion);
  return {
    is_enabled: row?.isEnabled ?? false,
    hide_free_shipping_groups: row ? parseGroupList(row.hideFreeShippingGroups) : [],
  };
}
