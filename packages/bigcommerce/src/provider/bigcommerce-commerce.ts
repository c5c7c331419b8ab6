import type { CommercePort } from '@piste/commerce';
import { createBigCommerceCart } from './cart/bigcommerce-cart';
import { createBigCommerceCatalogue } from './catalogue/bigcommerce-catalogue';
import { createBigCommerceCustomers } from './customers/bigcommerce-customers';
import { createBigCommerceOrders } from './orders/bigcommerce-orders';
import type { BigCommerceProviderDeps } from './provider-deps';
import { createBigCommerceStore } from './store/bigcommerce-store';

/**
 * The commerce port over BigCommerce (docs/providers/bigcommerce.md): every call goes to the
 * store's REST Management API; the order is taken by BigCommerce's hosted checkout.
 */
export function createBigCommerceCommerce(deps: BigCommerceProviderDeps): CommercePort {
  const catalogue = createBigCommerceCatalogue(deps);
  const { customers, customerGroups } = createBigCommerceCustomers(deps);
  const { cart, hostedCheckout } = createBigCommerceCart(deps, {
    // A pro's spend limit before the hand-over; on BigCommerce the executor is only our own database.
    spendCheck: (customerId, order) => customers.assertWithinSpendLimit(deps.db, customerId, order),
  });
  const { store, shipping } = createBigCommerceStore(deps);
  return {
    provider: 'bigcommerce',
    catalogue,
    store,
    cart,
    shipping,
    customers,
    customerGroups,
    orders: createBigCommerceOrders(deps),
    checkout: null,
    hostedCheckout,
    productFacts: catalogue.productFacts,
  };
}
