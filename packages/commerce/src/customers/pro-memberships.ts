import type { Db } from '@piste/db';
import { moneyFormatter } from '../store/money-format';
import type {
  CustomerAccounts,
  CustomerExecutor,
  CustomerStatus,
  ProMemberships,
  ProOrderTotalDto,
} from './customer-contract';
import type { CustomerRecords } from './customer-records';
import type { ProBrand } from './pro-status';
import { assertProOrderAllowed, proOrderTotalOf } from './pro-spend';

/** The pro programme of the embedded customer service: joining with a code, spend and its limit. */
export function createProMemberships(
  db: Db,
  records: CustomerRecords,
  options: { accounts: Pick<CustomerAccounts, 'update'>; now: () => Date },
): ProMemberships {
  const { lockCustomer, spentMinor, status } = records;
  const { accounts, now } = options;

  return {
    /** Joins the pro programme with a code (`/pro/signup` for a signed-in customer). */
    async applyProCode(id: number, code: string): Promise<CustomerStatus> {
      return accounts.update(id, { pro_code: code });
    },

    /** `GET /api/pro/order_total`: the period's spend for a brand, the pro expiry, the employee flag, the limit. */
    async proOrderTotal(customerId: number, brand: ProBrand): Promise<ProOrderTotalDto> {
      const state = await status(db, customerId);
      return proOrderTotalOf(state, brand, now(), (currency) => spentMinor(db, customerId, currency));
    },

    /**
     * Refuses an order that would take a pro past their spend limit this period, or in a currency
     * but their home one (pro-spend.ts). Runs inside the checkout's transaction and holds a
     * per-customer lock until it commits, so two checkouts at once cannot both squeeze under the limit.
     */
    async assertWithinSpendLimit(
      tx: CustomerExecutor,
      customerId: number,
      order: { currencyCode: string; spendMinor: number },
    ): Promise<void> {
      await assertProOrderAllowed(await status(tx, customerId), order, {
        async spentMinor(currency) {
          await lockCustomer(tx, customerId);
          return spentMinor(tx, customerId, currency);
        },
        formatter: (currency) => moneyFormatter(tx, currency),
      });
    },
  };
}
