import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomerSeed, referenceDataSeed } from '@piste/commerce/server';
import type { FakeState } from '@piste/bigcommerce-fake';
import { runSeeds } from '@piste/db';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { createBigCommerceCustomers } from '../src/provider/customers/bigcommerce-customers';
import { startFakeStore } from './fake-store';

/**
 * A pro's spend on BigCommerce: the sum of their orders this year, in a currency, read with
 * `GET /v2/orders?customer_id=&min_date_created=` (github.com/bigcommerce/docs reference/orders.v2.oas2.yml).
 * The orders are added through the fake's `state.orders.addOrder`, as the hosted checkout adds them.
 */

type FakeOrderInput = Parameters<FakeState['orders']['addOrder']>[0];

const PRO_US = 1002;
const PRO_EU = 1003;
const STATUS = { awaitingFulfillment: 11, cancelled: 5 };

const order = (customerId: number, overrides: Partial<FakeOrderInput> = {}): FakeOrderInput => ({
  customerId,
  cartId: null,
  channelId: 1,
  currencyCode: 'USD',
  // Tax-free lines: the subtotal with and without tax agree.
  subtotalIncTax: 1000,
  totalIncTax: 1000,
  statusId: STATUS.awaitingFulfillment,
  dateCreated: new Date(),
  billingEmail: 'pro@piste.test',
  lines: [{ productId: 1, variantId: 1, sku: 'SKI-1', name: 'Ski', quantity: 1, priceIncTax: 1000 }],
  ...overrides,
});

describe.each(testDatabaseKinds())('BigCommerce pro spend on $name', (kind) => {
  let testDatabase: TestDatabase;
  let store: Awaited<ReturnType<typeof startFakeStore>>;
  const service = () => createBigCommerceCustomers(store.deps(testDatabase.database.db)).customers;

  beforeAll(async () => {
    testDatabase = await kind.create();
    await runSeeds(testDatabase.database.db, [referenceDataSeed, createCustomerSeed()]);
    store = await startFakeStore();
    const { addOrder } = store.fake.state.orders;
    addOrder(order(PRO_US, { subtotalIncTax: 1200, totalIncTax: 1260 }));
    addOrder(order(PRO_US, { subtotalIncTax: 300, totalIncTax: 320 }));
    // Not counted: cancelled, another currency, last year.
    addOrder(order(PRO_US, { subtotalIncTax: 900, statusId: STATUS.cancelled }));
    addOrder(order(PRO_US, { subtotalIncTax: 700, currencyCode: 'CAD' }));
    addOrder(
      order(PRO_US, { subtotalIncTax: 800, dateCreated: new Date(Date.UTC(new Date().getUTCFullYear() - 1, 5, 1)) }),
    );
  });
  afterAll(async () => {
    await store.close();
    await testDatabase.dispose();
  });

  it('totals this year’s spend in the brand’s currency, with the expiry, the employee flag and the limit', async () => {
    const total = await service().proOrderTotal(PRO_US, 'us');
    expect(total).toMatchObject({ order_total: 1500, currency_code: 'USD', spend_limit: 3000, employee_group: false });
    expect(total.expiration_date).not.toBeNull();
    expect((await service().proOrderTotal(PRO_US, 'ca')).order_total).toBe(700);
  });

  it('refuses an order past the limit, or in a currency other than the pro’s own', async () => {
    const customers = service();
    await expect(
      customers.assertWithinSpendLimit(testDatabase.database.db, PRO_US, { currencyCode: 'USD', spendMinor: 150_000 }),
    ).resolves.toBeUndefined();
    await expect(
      customers.assertWithinSpendLimit(testDatabase.database.db, PRO_US, { currencyCode: 'USD', spendMinor: 150_001 }),
    ).rejects.toMatchObject({ code: 'SPEND_LIMIT_EXCEEDED' });
    await expect(
      customers.assertWithinSpendLimit(testDatabase.database.db, PRO_EU, { currencyCode: 'USD', spendMinor: 100 }),
    ).rejects.toMatchObject({ code: 'PRO_CURRENCY' });
  });
});
