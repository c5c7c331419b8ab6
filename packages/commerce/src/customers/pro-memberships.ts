import { and, count, eq, ne } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { customers, proCodes } from '../schema/customers';
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

/** A code joined by as many customers as it allows: refused like an expired code, saying why. */
export const proCodeUsedUp = () =>
  new DomainError(
    'INVALID_DATA',
    'This pro code has been used as many times as it allows. Ask your Piste contact for a new one.',
    'INVALID_PRO_CODE',
  );

/** How many customers hold a pro code now: the uses counted against its `max_uses`. */
export async function proCodeUses(executor: CustomerExecutor, code: string, exceptCustomerId?: number) {
  const [row] = await executor
    .select({ uses: count() })
    .from(customers)
    .where(
      and(eq(customers.proCode, code), exceptCustomerId === undefined ? undefined : ne(customers.id, exceptCustomerId)),
    );
  return row?.uses ?? 0;
}

/**
 * Refuses a code whose uses reached its `max_uses`. Call it inside the transaction that joins
 * the customer: the code's row stays locked until that commits, so two sign-ups racing for the
 * last use take turns and the second one counts the first. A customer who already holds the
 * code (`customerId`) is not a new use.
 */
export async function assertProCodeUsesLeft(tx: CustomerExecutor, code: string, customerId?: number): Promise<void> {
  const [locked] = await tx
    .select({ maxUses: proCodes.maxUses })
    .from(proCodes)
    .where(eq(proCodes.code, code))
    .for('update');
  if (!locked || locked.maxUses === null) return;
  if ((await proCodeUses(tx, code, customerId)) >= locked.maxUses) throw proCodeUsedUp();
}

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
