import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import type { CommerceRegion } from '../commerce-region';
import { taxRates, taxSettings } from '../schema/index';
import { destinationSchema } from '../shipping/shipping-input';
import { parseInput } from '../validation';
import type { TaxQuote, TaxService } from './tax-contract';
import { addedTax, includedTax } from './tax-rules';

const amount = z
  .number({ error: 'must be a whole number of minor units' })
  .int({ error: 'must be a whole number of minor units' })
  .min(-Number.MAX_SAFE_INTEGER, { error: 'is too small' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'is too large' });

const amountsSchema = z.object({ subtotalMinor: amount, shippingMinor: amount });

/**
 * Taxes of the embedded commerce engine (docs/decisions/008-shipping-and-tax.md): rates by
 * destination country, or state/province where a country's rates go by state, from the
 * `tax_rates` table; whether prices include tax from the price-list region's `tax_settings`.
 */
export function createTaxService(db: Db): TaxService {
  return {
    /**
     * The tax on a merchandise subtotal plus shipping (both minor units; negative for a
     * refund). Regions whose prices include tax (eu_region_1) get the VAT contained in the
     * total at the destination's standard rate; others (us, ca) get tax added at the
     * state's or province's rate. Tax is computed once on the total and rounded half away
     * from zero. A country whose rates go by state needs a known state (400 otherwise); a
     * destination without rates pays none.
     */
    async taxFor(
      region: CommerceRegion,
      destination: { country: string; state?: string },
      amounts: { subtotalMinor: number; shippingMinor: number },
    ): Promise<TaxQuote> {
      const { country, state } = parseInput(destinationSchema, destination, 'Field');
      const { subtotalMinor, shippingMinor } = parseInput(amountsSchema, amounts, 'Field');
      const [[settings], rates] = await Promise.all([
        db.select().from(taxSettings).where(eq(taxSettings.regionId, region.priceListRegion)),
        db.select().from(taxRates).where(eq(taxRates.countryIso2, country)),
      ]);
      const included = settings?.pricesIncludeTax ?? false;
      const byState = rates.some((rate) => rate.stateIso2 !== '');
      const rate = byState
        ? rates.find((candidate) => state !== undefined && candidate.stateIso2 === state)
        : rates.find((candidate) => candidate.stateIso2 === '');
      if (byState && !rate) {
        throw new DomainError(
          'INVALID_DATA',
          state === undefined
            ? `Choose a state or province: tax in ${country} depends on it.`
            : `${country} has no state or province "${state}".`,
          'INVALID_STATE',
        );
      }
      if (!rate) return { rate: 0, name: 'Tax', taxMinor: 0, included };
      const total = subtotalMinor + shippingMinor;
      return {
        rate: rate.rateMillipercent / 1000,
        name: rate.name,
        taxMinor: included ? includedTax(total, rate.rateMillipercent) : addedTax(total, rate.rateMillipercent),
        included,
      };
    },
  };
}
