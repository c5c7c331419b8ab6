import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { minorToDecimal } from '../money';
import { moneyFormatter } from '../store/money-format';
import type { CustomerAccounts, CustomerExecutor, ProMemberships, ProOrderTotalDto } from './customer-contract';
import type { CustomerRecords } from './customer-records';
import { BRAND_CURRENCY, proHomeCurrency, spendPeriodStart, type ProBrand } from './pro-status';
import type { CustomerStatus } from './customer-contract';

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
      const currency = BRAND_CURRENCY[brand];
      const spent = currency ? await spentMinor(db, customerId, currency) : 0;
      return {
        order_total: minorToDecimal(spent),
        expiration_date: state.proExpiresAt?.toISOString() ?? null,
        employee_group: state.isEmployee,
        spend_limit: state.spendLimit,
        currency_code: currency,
        period_start: spendPeriodStart(now()).toISOString(),
      };
    },

    /**
     * Refuses an order that would take a pro past their spend limit this period (docs/accounts.md 'Pro programme'), and
     * a pro's order in any currency but their home one: a pro has one limit, in that currency
     * (docs/decisions/016). Runs inside the checkout's transaction and holds a per-customer lock
     * until it commits, so two checkouts at once cannot both squeeze under the limit.
     */
    async assertWithinSpendLimit(
      tx: CustomerExecutor,
      customerId: number,
      order: { currencyCode: string; spendMinor: number },
    ): Promise<void> {
      const state = await status(tx, customerId);
      if (!state.isPro) return;
      const homeCurrency = proHomeCurrency(state.proRegion);
      if (order.currencyCode !== homeCurrency) {
        throw new DomainError(
          'NOT_ALLOWED',
          `Your pro account buys in ${homeCurrency}, not ${order.currencyCode}: pro orders and your spend limit ` +
            `are in the shop of your pro region. Switch to it to place this order.`,
          'PRO_CURRENCY',
          { currency: homeCurrency, orderCurrency: order.currencyCode },
        );
      }
      await lockCustomer(tx, customerId);
      const spent = await spentMinor(tx, customerId, order.currencyCode);
      const limitMinor = state.spendLimit * 100;
      if (spent + order.spendMinor > limitMinor) {
        const format = await moneyFormatter(tx, order.currencyCode);
        const values = { limit: format(limitMinor), left: format(Math.max(0, limitMinor - spent)) };
        throw new DomainError(
          'NOT_ALLOWED',
          `This order would take you past your pro spend limit of ${values.limit} for this year: ` +
            `${values.left} is left. Remove some items, or contact us to raise your limit.`,
          'SPEND_LIMIT_EXCEEDED',
          values,
        );
      }
    },
  };
}
