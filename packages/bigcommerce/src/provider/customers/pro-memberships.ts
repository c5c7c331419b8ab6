import { assertProOrderAllowed, moneyFormatter, proOrderTotalOf, spendPeriodStart } from '@piste/commerce/server';
import {
  customerNotFound,
  type CustomerAccounts,
  type ProBrand,
  type ProMemberships,
  type ProOrderTotalDto,
} from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import type { CustomerRecords } from './customer-records';
import { bcSpendOrderSchema } from './customer-wire';

/**
 * Order statuses that spend nothing (reference/orders.v2.oas2.yml order statuses): Incomplete (0),
 * Refunded (4), Cancelled (5), Declined (6) — the embedded engine leaves out cancelled and refunded orders.
 */
const UNSPENT_STATUS_IDS = new Set([0, 4, 5, 6]);

/**
 * The pro programme on BigCommerce: codes from our `pro_codes` table join the BigCommerce group of
 * their region; spend is the sum of the customer's BigCommerce orders this period, in the currency.
 */
export function createProMemberships(
  deps: BigCommerceProviderDeps,
  records: CustomerRecords,
  options: { accounts: Pick<CustomerAccounts, 'update' | 'status'>; now: () => Date },
): ProMemberships {
  const { accounts, now } = options;

  async function stateOf(customerId: number) {
    const state = await accounts.status(customerId);
    if (!state) throw customerNotFound(customerId);
    return state;
  }

  /**
   * What the goods of this period's orders in a currency cost, in minor units, without shipping
   * and tax: `subtotal_ex_tax`, over every page of `GET /v2/orders?customer_id=&min_date_created=`.
   */
  async function spentMinor(customerId: number, currencyCode: string): Promise<number> {
    const raw = await deps.client.v2All<unknown>('/orders', {
      customer_id: customerId,
      min_date_created: spendPeriodStart(now()).toISOString(),
    });
    const orders = deps.client.parse('GET /v2/orders', bcSpendOrderSchema.array(), raw);
    return orders
      .filter((order) => order.customer_id === customerId && order.currency_code === currencyCode)
      .filter((order) => !UNSPENT_STATUS_IDS.has(order.status_id))
      .reduce((sum, order) => sum + Math.round(order.subtotal_ex_tax * 100), 0);
  }

  return {
    async applyProCode(id: number, code: string) {
      return accounts.update(id, { pro_code: code });
    },

    async proOrderTotal(customerId: number, brand: ProBrand): Promise<ProOrderTotalDto> {
      return proOrderTotalOf(await stateOf(customerId), brand, now(), (currency) => spentMinor(customerId, currency));
    },

    /**
     * The embedded rules (pro-spend.ts). The hosted-checkout hand-over calls it; `executor` is the
     * embedded engine's transaction and means nothing here, and no lock holds two hand-overs apart.
     */
    async assertWithinSpendLimit(_executor, customerId, order) {
      await assertProOrderAllowed(await stateOf(customerId), order, {
        spentMinor: (currency) => spentMinor(customerId, currency),
        formatter: (currency) => moneyFormatter(deps.db, currency),
      });
    },
  };
}
