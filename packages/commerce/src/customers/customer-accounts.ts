import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DomainError, localizePath } from '@piste/core';
import type { Db } from '@piste/db';
import { accountCreatedEmail, enqueueEmail } from '../notifications/index';
import { customers, orders } from '../schema/index';
import type { CustomerAccounts, CustomerExecutor, CustomerStatus } from './customer-contract';
import { isUniqueViolation, type CustomerRecords } from './customer-records';
import { emailTaken, newPasswordRefused, wrongCredentials } from './customer-refusals';
import type { CustomerCreateInput, CustomerUpdateInput } from './customer-schemas';
import { passwordProblem } from './password-policy';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.server';

/**
 * Deletes a customer, their addresses and carts in the caller's transaction; their orders stay
 * for the shop's books, with the personal details removed. The shop's account deletion and the
 * back office's GDPR erasure both end an account this way.
 */
export async function deleteCustomerKeepingOrders(tx: CustomerExecutor, id: number): Promise<void> {
  // Unguessable, so the guest order-status lookup (number and email) cannot open a deleted customer's orders.
  const placeholderEmail = `deleted-${randomBytes(16).toString('hex')}@piste.invalid`;
  const blanked = sql`'{"first_name":"","last_name":"","company":"","street_1":"","street_2":"","phone":"","email":""}'::jsonb`;
  await tx
    .update(orders)
    .set({
      email: placeholderEmail,
      billingAddress: sql`${orders.billingAddress} || ${blanked}`,
      shippingAddress: sql`${orders.shippingAddress} || ${blanked}`,
      customerId: null,
    })
    .where(eq(orders.customerId, id));
  await tx.delete(customers).where(eq(customers.id, id));
}

/**
 * Accounts of the embedded customer service: sign-up (with the welcome email), sign-in,
 * profile changes and deletion. Passwords are argon2id.
 */
export function createCustomerAccounts(
  db: Db,
  records: CustomerRecords,
  options: { publicUrl: string },
): CustomerAccounts {
  const { assertPassword, endPendingResets, loadRow, proCodeColumns, status, usableProCode } = records;

  const accounts: CustomerAccounts = {
    /** `POST customers/create`. The password policy has been applied by the input schema. */
    async create(input: CustomerCreateInput, locale: string): Promise<CustomerStatus> {
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const code = input.pro_code ? await usableProCode(tx, input.pro_code) : null;
          const [created] = await tx
            .insert(customers)
            .values({
              email: input.email,
              firstName: input.first_name,
              lastName: input.last_name,
              company: input.company,
              phone: input.phone,
              acceptsMarketing: input.accepts_marketing,
              passwordHash,
              ...(code ? proCodeColumns(code, []) : {}),
            })
            .returning({ id: customers.id });
          const state = await status(tx, created!.id);
          const accountUrl = `${options.publicUrl.replace(/\/+$/, '')}${localizePath(locale, '/account')}`;
          await enqueueEmail(tx, {
            kind: 'account_created',
            recipient: input.email,
            ...accountCreatedEmail({ locale, firstName: input.first_name, accountUrl, isPro: state.isPro }),
          });
          return state;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    /** `POST customers/login`: the customer, or one refusal whether the email or the password was wrong. */
    async authenticate(email: string, password: string): Promise<CustomerStatus> {
      const [row] = await db.select().from(customers).where(eq(customers.email, email.trim().toLowerCase()));
      if (!row) {
        await verifyAgainstDecoy(password);
        throw wrongCredentials();
      }
      if (!(await verifyPassword(row.passwordHash, password))) throw wrongCredentials();
      return status(db, row.id);
    },

    /** The customer's state, or null when the account no longer exists (a session outliving it). */
    async status(id: number): Promise<CustomerStatus | null> {
      return status(db, id).catch((error: unknown) => {
        if (error instanceof DomainError && error.kind === 'NOT_FOUND') return null;
        throw error;
      });
    },

    /** `GET customers?email:in=`: the customer with that email, if any. Callers restrict it to the signed-in one. */
    async findByEmail(email: string): Promise<CustomerStatus | null> {
      const [row] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.email, email.trim().toLowerCase()));
      return row ? status(db, row.id) : null;
    },

    /** `PUT customers/{id}`: profile, email and password (both with the current password), pro code. */
    async update(id: number, input: CustomerUpdateInput): Promise<CustomerStatus> {
      const row = await loadRow(db, id);
      if (input.current_password !== undefined) await assertPassword(row, input.current_password);
      const email = input.email ?? row.email;
      if (input.new_password !== undefined) {
        const problem = passwordProblem(input.new_password, email);
        if (problem) throw newPasswordRefused(problem);
      }
      const passwordHash = input.new_password === undefined ? undefined : await hashPassword(input.new_password);
      try {
        return await db.transaction(async (tx) => {
          const code = input.pro_code ? await usableProCode(tx, input.pro_code, id) : null;
          await tx
            .update(customers)
            .set({
              firstName: input.first_name,
              lastName: input.last_name,
              company: input.company,
              phone: input.phone,
              acceptsMarketing: input.accepts_marketing,
              email: input.email,
              passwordHash,
              ...(code ? proCodeColumns(code, row.formFields) : {}),
              updatedAt: new Date(),
            })
            .where(eq(customers.id, id));
          // After the row's update, which waits for a reset request holding the row, so its link is seen here.
          if (passwordHash !== undefined || email !== row.email) await endPendingResets(tx, id);
          return status(tx, id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    /**
     * `DELETE customers/{id}`, confirmed with the password. The account, its addresses and
     * carts go; its orders stay for the shop's books, with the personal details removed.
     */
    async delete(id: number, password: string): Promise<void> {
      await assertPassword(await loadRow(db, id), password);
      await db.transaction((tx) => deleteCustomerKeepingOrders(tx, id));
    },

    /** `POST customers/validate` (spec §7: customer, pw): BigCommerce's `{ is_valid, customer_id }`. */
    async validateCredentials(
      email: string,
      password: string,
    ): Promise<{ is_valid: boolean; customer_id: number | null }> {
      try {
        const valid = await accounts.authenticate(email, password);
        return { is_valid: true, customer_id: valid.customer.id };
      } catch (error) {
        if (error instanceof DomainError && error.code === 'INVALID_CREDENTIALS')
          return { is_valid: false, customer_id: null };
        throw error;
      }
    },
  };
  return accounts;
}
