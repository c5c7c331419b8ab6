import type { ShippingService, StoreService } from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { unfinished } from '../unfinished';

/** Store settings, currencies, countries and shipping over BigCommerce's v2 store, currencies, countries and shipping. */
export function createBigCommerceStore(_deps: BigCommerceProviderDeps): {
  store: StoreService;
  shipping: ShippingService;
} {
  return { store: unfinished('store'), shipping: unfinished('shipping') };
}
