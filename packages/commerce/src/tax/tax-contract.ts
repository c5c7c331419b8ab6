import type { CommerceRegion } from '../commerce-region';

/** The tax contract (docs/decisions/008-shipping-and-tax.md). The embedded implementation is `createTaxService`. */

/** The tax of an order or cart. */
export interface TaxQuote {
  /** Percent, e.g. 19 or 14.975. */
  rate: number;
  /** 'VAT', 'Sales tax', 'HST', 'GST + QST'… ('Tax' where no rate applies). */
  name: string;
  /** Minor units of the region's currency. */
  taxMinor: number;
  /** True when the tax is contained in the amounts (EU VAT), false when it is added to them (US, CA). */
  included: boolean;
}

export interface TaxService {
  /**
   * The tax on a merchandise subtotal plus shipping (both minor units; negative for a refund):
   * contained VAT where the region's prices include tax, added tax elsewhere. A country whose
   * rates go by state needs a known state (INVALID_DATA otherwise).
   */
  taxFor(
    region: CommerceRegion,
    destination: { country: string; state?: string },
    amounts: { subtotalMinor: number; shippingMinor: number },
  ): Promise<TaxQuote>;
}
