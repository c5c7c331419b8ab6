import { seedCarts, type CartsState } from './carts/carts-state';
import { seedCatalog, type CatalogState } from './catalog/catalog-state';
import { seedCustomers, type CustomersState } from './customers/customers-state';
import { seedOrders, type OrdersState } from './orders/orders-state';
import { seedStore, type StoreState } from './store/store-state';
import { seedWebhooks, type WebhooksState } from './webhooks/webhooks-state';

/** Everything the fake store holds, in memory: one object per test or per e2e run. */
export interface FakeState {
  catalog: CatalogState;
  carts: CartsState;
  customers: CustomersState;
  orders: OrdersState;
  store: StoreState;
  webhooks: WebhooksState;
}

/** A store seeded from the demo data (data/seed), with the ids the embedded seed gives the same records. */
export function seedFakeState(): FakeState {
  return {
    catalog: seedCatalog(),
    carts: seedCarts(),
    customers: seedCustomers(),
    orders: seedOrders(),
    store: seedStore(),
    webhooks: seedWebhooks(),
  };
}
