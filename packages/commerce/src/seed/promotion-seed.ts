import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SeedStep } from '@piste/db';
import { promotionFieldsSchema } from '../promotions/promotion-schemas';
import { promotions } from '../schema/index';
import { seedCategoryIdsByPath } from './catalogue-seed';
import { loadSeedCatalogue, readSeedJson } from './load-source';

/** A seeded promotion names its category by path (`goggles/otg`), as the catalogue seed does. */
const seedPromotionSchema = z.array(z.looseObject({ targetCategory: z.string().optional() }));

/**
 * The demo promotions (issue 28 §2 'Demo data'; docs/promotions.md 'Seed codes') from
 * data/seed/commerce/promotions.json, loaded once into a shop without any. Checked by the same
 * schema as the back office's, so the file cannot hold a promotion a merchant could not make.
 */
export function createPromotionSeed(): SeedStep {
  const entries = readSeedJson('commerce/promotions.json', seedPromotionSchema);
  const categoryIds = seedCategoryIdsByPath(loadSeedCatalogue().categories);
  const rows = entries.map(({ targetCategory, ...fields }) => {
    const targetId = targetCategory === undefined ? undefined : categoryIds.get(targetCategory);
    if (targetCategory !== undefined && targetId === undefined) {
      throw new Error(`promotions.json: no category ${targetCategory}`);
    }
    return promotionFieldsSchema.parse({ ...fields, ...(targetId === undefined ? {} : { targetId }) });
  });
  return {
    name: 'commerce-promotions',
    version: createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 12),
    tables: [promotions],
    run: async (tx) => {
      await tx.insert(promotions).values(rows);
    },
  };
}
