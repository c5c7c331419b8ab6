import type { OrderService } from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { unfinished } from '../unfinished';

/** Orders and shipments over BigCommerce's v2 orders. */
export function createBigCommerceOrders(_deps: BigCommerceProviderDeps): OrderService {
  return unfinished('orders');
}
