import type { CommerceRegion } from './commerce-region';
import type { PriceAdjustment } from './pricing/pricing-service';

/**
 * Who is asking: the region decides prices and currency; the group decides discounts. Shared by
 * the catalogue, cart, checkout and store services, so it belongs to none of them.
 */
export interface ShopperContext {
  region: CommerceRegion;
  priceAdjustment?: PriceAdjustment;
  /**
   * The signed-in customer's group, also when it has no discount: shipping settings hide free
   * shipping per group (spec §5). Guests have none.
   */
  customerGroupId?: number;
}
