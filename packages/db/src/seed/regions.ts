import { REGION_IDS, isShoppingRegion, resolveBillingRegion } from '@piste/core';
import { regions } from '../schema/index';
import type { SeedStep } from './run-seeds';

const PRO_REGION_IDS = new Set(['pro', 'pro_ca', 'pro_eu_region_1']);

/** The regions of spec §9, with their shopping flag and billing region (spec §4). */
export const regionsSeed: SeedStep = {
  name: 'regions',
  version: '1',
  run: async (tx) => {
    for (const id of REGION_IDS) {
      // A region's own code stands in for the country where billing follows it (pro_ca → ca).
      const billingRegion = resolveBillingRegion(id, id === 'pro_ca' ? 'ca' : id);
      const row = { id, shopping: isShoppingRegion(id), pro: PRO_REGION_IDS.has(id), billingRegion };
      await tx
        .insert(regions)
        .values(row)
        .onConflictDoUpdate({ target: regions.id, set: { ...row, updatedAt: new Date() } });
    }
  },
};
