import type { ShippingService, StoreService } from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { createBigCommerceShipping } from './bigcommerce-shipping';
import { createBigCommerceStoreService } from './bigcommerce-store-service';

/** Store settings, currencies, countries and shipping over BigCommerce's v2 store, currencies, countries and shipping. */
export function createBigCommerceStore(deps: BigCommerceProviderDeps): {
  store: StoreService;
  shipping: ShippingService;
} {
  return { store: createBigCommerceStoreService(deps), shipping: createBigCommerceShipping(deps) };
}
