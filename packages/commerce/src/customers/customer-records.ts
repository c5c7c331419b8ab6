import { and, eq, gte, isNull, notInArray, sum } from 'drizzle-orm';
import { customers, orders, passwordResets, proCodes } from '../schema/index';
import type { CustomerExecutor, CustomerGroupService, CustomerStatus } from './customer-contract';
import { toCustomerDto } from './customer-dto';
import { customerNotFound, invalidProCode, wrongCurrentPassword } from './customer-refusals';
import { verifyPassword } from './passwords.server';
import { customerStatusOf, pricingGroupOf, proStanding } from './customer-standing';
import { assertProCodeUsesLeft } from './pro-memberships';
import { PRO_CODE_FIELD, proCodeFieldValue, spendPeriodStart } from './pro-status';

export type CustomerRow = typeof customers.$inferSelect;

/** Orders that count against a pro's spend limit: everything not cancelled or refunded. */
const UNSPENT_STATUSES = ['cancelled', 'refunded'] as const;

export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ??
    (error as { cause?: { code?: unknown } })?.cause?.code;
  return code === '23505';
}

/**
 * The customer rows and checks the concerns of the embedded customer service share (accounts,
 * addresses, password resets, pro memberships): loading a customer's state, pro codes, spend
 * and the per-customer lock. Each takes the executor, so it runs inside the caller's transaction.
 */
export function createCustomerRecords(options: { groups: CustomerGroupService; now: () => Date }) {
  const { groups, now } = options;

  async function loadRow(executor: CustomerExecutor, id: number): Promise<CustomerRow & { spendLimit: number | null }> {
    const [row] = await executor
      .select({ customer: customers, spendLimit: proCodes.spendLimit })
      .from(customers)
      .leftJoin(proCodes, eq(proCodes.code, customers.proCode))
      .where(eq(customers.id, id));
    if (!row) throw customerNotFound(id);
    return { ...row.customer, spendLimit: row.spendLimit };
  }

  async function statusOf(
    executor: CustomerExecutor,
    row: CustomerRow & { spendLimit: number | null },
  ): Promise<CustomerStatus> {
    const { region, expired, isPro } = proStanding(row, now());
    // A group joined with a pro code lasts as long as the pro status; then default pricing applies.
    const ownGroupId = row.proCode !== null && expired ? null : row.customerGroupId;
    const group = await pricingGroupOf(groups, ownGroupId, executor);
    const isEmployee = group?.is_employee_group ?? false;
    const customer = toCustomerDto(row, { groupId: group?.id ?? 0, isPro, proRegion: region, isEmployee });
    return customerStatusOf(customer, {
      group,
      isPro,
      region,
      proExpiresAt: row.proExpiresAt,
      spendLimit: row.spendLimit,
    });
  }

  const status = async (executor: CustomerExecutor, id: number) => statusOf(executor, await loadRow(executor, id));

  /**
   * A pro code a shopper may join with now, or the refusal: unknown, no longer valid, expired, or
   * used up (`customerId`, joining with a code they already hold, is not a new use).
   */
  async function usableProCode(executor: CustomerExecutor, code: string, customerId?: number) {
    const [found] = await executor.select().from(proCodes).where(eq(proCodes.code, code.toUpperCase()));
    const moment = now().getTime();
    if (!found || (found.validUntil !== null && found.validUntil.getTime() <= moment)) throw invalidProCode();
    if (found.proExpiresAt.getTime() <= moment) throw invalidProCode();
    await assertProCodeUsesLeft(executor, found.code, customerId);
    return found;
  }

  function proCodeColumns(code: typeof proCodes.$inferSelect, formFields: CustomerRow['formFields']) {
    return {
      proCode: code.code,
      proExpiresAt: code.proExpiresAt,
      customerGroupId: code.customerGroupId,
      formFields: [
        ...formFields.filter((field) => field.name !== PRO_CODE_FIELD),
        { name: PRO_CODE_FIELD, value: proCodeFieldValue(code.code, code.region) },
      ],
    };
  }

  async function assertPassword(row: CustomerRow, password: string): Promise<void> {
    if (!(await verifyPassword(row.passwordHash, password))) throw wrongCurrentPassword();
  }

  /**
   * Spend of the current period in a currency, in minor units: what the goods cost after
   * discounts, without shipping and added tax (docs/accounts.md 'Spend limit'). That is the
   * order's subtotal, which is already after discounts (`discount_minor` only records them).
   */
  async function spentMinor(executor: CustomerExecutor, customerId: number, currencyCode: string): Promise<number> {
    const [row] = await executor
      .select({ total: sum(orders.subtotalMinor) })
      .from(orders)
      .where(
        and(
          eq(orders.customerId, customerId),
          eq(orders.currencyCode, currencyCode),
          gte(orders.createdAt, spendPeriodStart(now())),
          notInArray(orders.status, [...UNSPENT_STATUSES]),
        ),
      );
    return Number(row?.total ?? 0);
  }

  /**
   * Makes one customer's address changes and spend checks take turns until the transaction
   * ends, so counts, the default address and spend sums stay right under concurrency.
   */
  async function lockCustomer(tx: CustomerExecutor, customerId: number): Promise<void> {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
  }

  /**
   * Ends every reset link the customer has not used yet: a link must not outlive the password
   * or the email it was sent for, nor a newer link (docs/security.md 'Password reset').
   */
  async function endPendingResets(tx: CustomerExecutor, customerId: number): Promise<void> {
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.customerId, customerId), isNull(passwordResets.usedAt)));
  }

  return {
    loadRow,
    status,
    usableProCode,
    proCodeColumns,
    assertPassword,
    spentMinor,
    lockCustomer,
    endPendingResets,
  };
}

export type CustomerRecords = ReturnType<typeof createCustomerRecords>;
