import {
  createCatalogueSeed,
  createCustomerSeed,
  createProCodeSeed,
  createPromotionSeed,
  createShippingTaxSeed,
  referenceDataSeed,
  type CommerceProviderName,
} from '@piste/commerce/server';
import type { SeedStep } from '@piste/db';
import { createDemoContentSeed } from './content-seed';

/**
 * Demo data loaded at start, in dependency order. Each domain adds its steps here. With
 * BigCommerce, the store is the source of the catalogue, customers, shipping, taxes and
 * reference data: only what our database still keeps is loaded — content, and the pro codes
 * the merchant issues with us (with the customer groups they name).
 */
export function seedSteps(provider: CommerceProviderName = 'embedded'): SeedStep[] {
  if (provider === 'bigcommerce') return [createProCodeSeed(), createDemoContentSeed({ commerceIds: 'seed files' })];
  // Content comes after the catalogue: product and category entries carry commerce ids.
  return [
    referenceDataSeed,
    createCatalogueSeed(),
    createShippingTaxSeed(),
    createCustomerSeed(),
    createPromotionSeed(),
    createDemoContentSeed(),
  ];
}
