import { createCatalogueSeed, referenceDataSeed } from '@piste/commerce';
import type { SeedStep } from '@piste/db';

/** Demo data loaded at start, in dependency order. Each domain adds its steps here. */
export function seedSteps(): SeedStep[] {
  return [referenceDataSeed, createCatalogueSeed()];
}
