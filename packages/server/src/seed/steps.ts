import {
  createCatalogueSeed,
  createCustomerSeed,
  createShippingTaxSeed,
  referenceDataSeed,
} from '@piste/commerce/server';
import type { SeedStep } from '@piste/db';
import { createDemoContentSeed } from './content-seed';

/** Demo data loaded at start, in dependency order. Each domain adds its steps here. */
export function seedSteps(): SeedStep[] {
  // Content comes after the catalogue: product and category entries carry commerce ids.
  return [
    referenceDataSeed,
    createCatalogueSeed(),
    createShippingTaxSeed(),
    createCustomerSeed(),
    createDemoContentSeed(),
  ];
}
