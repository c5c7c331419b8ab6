import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, ne, notInArray, sql, sum, gte } from 'drizzle-orm';
import { DomainError, localizePath } from '@piste/core';
import type { Db } from '@piste/db';
import { minorToDecimal } from '../money';
import { moneyFormatter } from '../store/money-format';
import type { PriceAdjustment } from '../pricing/pricing-service';
import { customerAddresses, customers, orders, passwordResets, proCodes, type ProCodeRegion } from '../schema/index';
import {
  toCustomerAddressDto,
  toCustomerDto,
  type CustomerAddressDto,
  type CustomerDto,
  type CustomerGroupDto,
} from './customer-dto';
import type { CustomerGroupService } from './customer-groups';
import type {
  CustomerAddressInput,
  CustomerAddressUpdateInput,
  CustomerCreateInput,
  CustomerUpdateInput,
} from './customer-schemas';
import { accountCreatedEmail, enqueueEmail, passwordResetEmail, passwordResetUrl } from '../notifications/index';
import { passwordProblem } from './password-policy';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.server';
import {
  BRAND_CURRENCY,
  DEFAULT_BRAND_SPEND_LIMIT,
  isProRegion,
  PRO_CODE_FIELD,
  proCodeFieldValue,
  proHomeCurrency,
  proRegionFromCustomerData,
  regionMakesPro,
  spendPeriodStart,
  type ProBrand,
} from './pro-status';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type CustomerRow = typeof customers.$inferSelect;

/** An address book large enough for any shopper and small enough that nobody fills a table with one. */
export const MAX_ADDRESSES = 50;
/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** Orders that count against a pro's spend limit: everything not cancelled or refunded. */
const UNSPENT_STATUSES = ['cancelled', 'refunded'] as const;

/** Spec §3 'Customer state', as the server knows it. */
export interface CustomerStatus {
  customer: CustomerDto;
  group: CustomerGroupDto | null;
  /** Spec §3: pro when the Pro Code region starts with 'pro'; expired pro status is not pro. */
  isPro: boolean;
  proRegion: ProCodeRegion | null;
  proExpiresAt: Date | null;
  isEmployee: boolean;
  /** Whole units of the brand's currency per period (spec §3: brandSpendLimit, default 3000). */
  spendLimit: number;
  /** The group's discount rules, as pricing applies them (spec §3: customerDiscount). */
  priceAdjustment: PriceAdjustment | undefined;
}

/** `GET /api/pro/order_total` (spec §7: order_total, expiration_date, employee_group, spend_limit). */
export interface ProOrderTotalDto {
  order_total: number;
  expiration_date: string | null;
  employee_group: boolean;
  spend_limit: number;
  currency_code: string | null;
  period_start: string;
}

const wrongCredentials = () =>
  new DomainError('UNAUTHORIZED', 'The email or password is incorrect.', 'INVALID_CREDENTIALS');
const customerNotFound = (id: number) => new DomainError('NOT_FOUND', `Customer ${id} does not exist.`);
const invalidProCode = () =>
  new DomainError(
    'INVALID_DATA',
    'This pro code is not valid. Check it, or ask your Piste contact.',
    'INVALID_PRO_CODE',
  );
const emailTaken = () =>
  new DomainError(
    'CONFLICT',
    'An account already exists for this email. Sign in, or reset your password.',
    'EMAIL_TAKEN',
  );

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ??
    (error as { cause?: { code?: unknown } })?.cause?.code;
  return code === '23505';
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** No customer has it (ids start at 1): what a rehearsed password reset locks and clears. */
const NO_CUSTOMER_ID = 0;
/** Thrown to undo a rehearsed password reset, for an email without an account. */
class ResetRehearsal extends Error {}

export interface CustomerServiceOptions {
  groups: CustomerGroupService;
  /** The shop's public origin, for links in emails (never taken from a request's Host header). */
  publicUrl: string;
  /** The clock, for tests of expiry. */
  now?: () => Date;
}

/**
 * Customers, their address books, password resets and pro status (issue 8; spec §3
 * 'Customer (stored)', 'Customer state'). Passwords are argon2id; no call reveals whether an
 * email has an account, except creating one with a taken email (the shopper must be told).
 */
export function createCustomerService(db: Db, options: CustomerServiceOptions) {
  const { groups } = options;
  const now = options.now ?? (() => new Date());

  async function loadRow(executor: Db | Tx, id: number): Promise<CustomerRow & { spendLimit: number | null }> {
    const [row] = await executor
      .select({ customer: customers, spendLimit: proCodes.spendLimit })
      .from(customers)
      .leftJoin(proCodes, eq(proCodes.code, customers.proCode))
      .where(eq(customers.id, id));
    if (!row) throw customerNotFound(id);
    return { ...row.customer, spendLimit: row.spendLimit };
  }

  async function statusOf(
    executor: Db | Tx,
    row: CustomerRow & { spendLimit: number | null },
  ): Promise<CustomerStatus> {
    const region = proRegionFromCustomerData(row.formFields, row.notes);
    const expired = row.proExpiresAt !== null && row.proExpiresAt.getTime() <= now().getTime();
    const isPro = regionMakesPro(region) && !expired;
    // A group joined with a pro code lasts as long as the pro status; then default pricing applies.
    const ownGroupId = row.proCode !== null && expired ? null : row.customerGroupId;
    // Read in the caller's transaction: on PGlite a read beside it would wait for it forever.
    const group =
      ownGroupId === null
        ? await groups.defaultGroup(executor)
        : await groups.get(ownGroupId, executor).catch((error: unknown) => {
            // A group deleted from under its members leaves them with default pricing.
            if (error instanceof DomainError && error.kind === 'NOT_FOUND') return null;
            throw error;
          });
    const isEmployee = group?.is_employee_group ?? false;
    return {
      customer: toCustomerDto(row, { groupId: group?.id ?? 0, isPro, proRegion: region, isEmployee }),
      group,
      isPro,
      proRegion: isPro && isProRegion(region) ? region : null,
      proExpiresAt: row.proExpiresAt,
      isEmployee,
      spendLimit: row.spendLimit ?? DEFAULT_BRAND_SPEND_LIMIT,
      priceAdjustment:
        group && group.discount_rules.length > 0 ? { groupId: group.id, rules: group.discount_rules } : undefined,
    };
  }

  const status = async (executor: Db | Tx, id: number) => statusOf(executor, await loadRow(executor, id));

  /** A pro code a shopper may join with now, or the refusal. */
  async function usableProCode(executor: Db | Tx, code: string) {
    const [found] = await executor.select().from(proCodes).where(eq(proCodes.code, code.toUpperCase()));
    const moment = now().getTime();
    if (!found || (found.validUntil !== null && found.validUntil.getTime() <= moment)) throw invalidProCode();
    if (found.proExpiresAt.getTime() <= moment) throw invalidProCode();
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
    if (!(await verifyPassword(row.passwordHash, password))) {
      throw new DomainError('UNAUTHORIZED', 'The current password is incorrect.', 'INVALID_PASSWORD');
    }
  }

  /**
   * Spend of the current period in a currency, in minor units: what the goods cost after
   * discounts, without shipping and added tax (docs/accounts.md 'Spend limit'). That is the
   * order's subtotal, which is already after discounts (`discount_minor` only records them).
   */
  async function spentMinor(executor: Db | Tx, customerId: number, currencyCode: string): Promise<number> {
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
  async function lockCustomer(tx: Db | Tx, customerId: number): Promise<void> {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
  }

  /**
   * Ends every reset link the customer has not used yet: a link must not outlive the password
   * or the email it was sent for (issue 23), nor a newer link.
   */
  async function endPendingResets(tx: Db | Tx, customerId: number): Promise<void> {
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.customerId, customerId), isNull(passwordResets.usedAt)));
  }

  async function addressOf(executor: Db | Tx, customerId: number, addressId: number) {
    const [address] = await executor
      .select()
      .from(customerAddresses)
      .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId)));
    if (!address) throw new DomainError('NOT_FOUND', `Address ${addressId} does not exist.`);
    return address;
  }

  const service = {
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
        if (problem) throw new DomainError('INVALID_DATA', `Field \`new_password\` ${problem}.`, 'INVALID_PARAMETER');
      }
      const passwordHash = input.new_password === undefined ? undefined : await hashPassword(input.new_password);
      try {
        return await db.transaction(async (tx) => {
          const code = input.pro_code ? await usableProCode(tx, input.pro_code) : null;
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
      // Unguessable, so the guest order-status lookup (number and email) cannot open a deleted customer's orders.
      const placeholderEmail = `deleted-${randomBytes(16).toString('hex')}@piste.invalid`;
      await db.transaction(async (tx) => {
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
      });
    },

    /** `POST customers/validate` (spec §7: customer, pw): BigCommerce's `{ is_valid, customer_id }`. */
    async validateCredentials(
      email: string,
      password: string,
    ): Promise<{ is_valid: boolean; customer_id: number | null }> {
      try {
        const valid = await service.authenticate(email, password);
        return { is_valid: true, customer_id: valid.customer.id };
      } catch (error) {
        if (error instanceof DomainError && error.code === 'INVALID_CREDENTIALS')
          return { is_valid: false, customer_id: null };
        throw error;
      }
    },

    /** Joins the pro programme with a code (`/pro/signup` for a signed-in customer). */
    async applyProCode(id: number, code: string): Promise<CustomerStatus> {
      return service.update(id, { pro_code: code });
    },

    async listAddresses(customerId: number): Promise<CustomerAddressDto[]> {
      const rows = await db
        .select()
        .from(customerAddresses)
        .where(eq(customerAddresses.customerId, customerId))
        .orderBy(sql`${customerAddresses.isDefault} desc`, asc(customerAddresses.id));
      return rows.map(toCustomerAddressDto);
    },

    /** Adds an address; the first one, or one marked default, becomes the default. */
    async addAddress(customerId: number, input: CustomerAddressInput): Promise<CustomerAddressDto> {
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const existing = await tx
          .select({ id: customerAddresses.id })
          .from(customerAddresses)
          .where(eq(customerAddresses.customerId, customerId));
        if (existing.length >= MAX_ADDRESSES) {
          throw new DomainError(
            'INVALID_DATA',
            `An address book holds at most ${MAX_ADDRESSES} addresses.`,
            'TOO_MANY_ADDRESSES',
          );
        }
        const isDefault = input.is_default || existing.length === 0;
        if (isDefault) {
          await tx
            .update(customerAddresses)
            .set({ isDefault: false })
            .where(eq(customerAddresses.customerId, customerId));
        }
        const [created] = await tx
          .insert(customerAddresses)
          .values({
            customerId,
            firstName: input.first_name,
            lastName: input.last_name,
            company: input.company,
            address1: input.address1,
            address2: input.address2,
            city: input.city,
            stateOrProvince: input.state_or_province,
            postalCode: input.postal_code,
            countryCode: input.country_code,
            phone: input.phone,
            addressType: input.address_type,
            isDefault,
          })
          .returning();
        return toCustomerAddressDto(created!);
      });
    },

    async updateAddress(customerId: number, input: CustomerAddressUpdateInput): Promise<CustomerAddressDto> {
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const address = await addressOf(tx, customerId, input.id);
        if (input.is_default === true) {
          await tx
            .update(customerAddresses)
            .set({ isDefault: false })
            .where(and(eq(customerAddresses.customerId, customerId), ne(customerAddresses.id, address.id)));
        }
        const [updated] = await tx
          .update(customerAddresses)
          .set({
            firstName: input.first_name,
            lastName: input.last_name,
            company: input.company,
            address1: input.address1,
            address2: input.address2,
            city: input.city,
            stateOrProvince: input.state_or_province,
            postalCode: input.postal_code,
            countryCode: input.country_code,
            phone: input.phone,
            addressType: input.address_type,
            // The default moves by choosing another; it cannot be switched off alone.
            isDefault: input.is_default === true ? true : undefined,
            updatedAt: new Date(),
          })
          .where(eq(customerAddresses.id, address.id))
          .returning();
        return toCustomerAddressDto(updated!);
      });
    },

    /** Removes an address; when it was the default, the oldest remaining one takes over. */
    async removeAddress(customerId: number, addressId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const address = await addressOf(tx, customerId, addressId);
        await tx.delete(customerAddresses).where(eq(customerAddresses.id, address.id));
        if (!address.isDefault) return;
        const [next] = await tx
          .select({ id: customerAddresses.id })
          .from(customerAddresses)
          .where(eq(customerAddresses.customerId, customerId))
          .orderBy(asc(customerAddresses.id))
          .limit(1);
        if (next) await tx.update(customerAddresses).set({ isDefault: true }).where(eq(customerAddresses.id, next.id));
      });
    },

    /**
     * Starts a password reset: a single-use token valid for an hour (earlier unused ones stop
     * working). Null when no account has the email; callers answer the same either way.
     */
    async createPasswordReset(email: string, locale: string): Promise<{ customerId: number; token: string } | null> {
      const address = email.trim().toLowerCase();
      const [row] = await db.select().from(customers).where(eq(customers.email, address));
      // Hex, not base64url: the token travels in a link, and base64url can spell the blocklist's `wp-`.
      const token = randomBytes(32).toString('hex');
      const resetUrl = passwordResetUrl({ baseUrl: options.publicUrl, locale, token });
      // An email without an account is rehearsed: the same statements, then undone, so the time
      // the server spends on the request does not tell that the email has none (issue 23).
      const customerId = row?.id ?? NO_CUSTOMER_ID;
      try {
        await db.transaction(async (tx) => {
          // Requests at once take turns, so each one's newer link ends the one before.
          await lockCustomer(tx, customerId);
          await endPendingResets(tx, customerId);
          if (row) {
            await tx.insert(passwordResets).values({
              tokenHash: hashToken(token),
              customerId,
              expiresAt: new Date(now().getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
            });
          }
          await enqueueEmail(tx, {
            kind: 'password_reset',
            recipient: address,
            ...passwordResetEmail({
              locale,
              firstName: row?.firstName ?? '',
              resetUrl,
              expiresInMinutes: PASSWORD_RESET_TTL_MINUTES,
            }),
          });
          if (!row) throw new ResetRehearsal();
        });
      } catch (error) {
        if (!(error instanceof ResetRehearsal)) throw error;
      }
      return row ? { customerId, token } : null;
    },

    /** Whether a reset token can still be used (the reset form checks before asking for a password). */
    async passwordResetUsable(token: string): Promise<boolean> {
      const [row] = await db
        .select({ customerId: passwordResets.customerId })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now()),
          ),
        );
      return row !== undefined;
    },

    /** Sets a new password with a reset token, once; returns the customer so callers can end their other sessions. */
    async resetPassword(token: string, newPassword: string): Promise<number> {
      const expired = () =>
        new DomainError(
          'INVALID_DATA',
          'This reset link has expired or was already used. Ask for a new one.',
          'RESET_TOKEN_INVALID',
        );
      const [pending] = await db
        .select({ customerId: passwordResets.customerId, email: customers.email })
        .from(passwordResets)
        .innerJoin(customers, eq(customers.id, passwordResets.customerId))
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now()),
          ),
        );
      if (!pending) throw expired();
      const problem = passwordProblem(newPassword, pending.email);
      if (problem) throw new DomainError('INVALID_DATA', `Field \`new_password\` ${problem}.`, 'INVALID_PARAMETER');
      const passwordHash = await hashPassword(newPassword);
      return db.transaction(async (tx) => {
        // Claiming the token and changing the password commit together; a second use finds it used.
        const claimed = await tx
          .update(passwordResets)
          .set({ usedAt: now() })
          .where(
            and(
              eq(passwordResets.tokenHash, hashToken(token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, now()),
            ),
          )
          .returning({ customerId: passwordResets.customerId });
        if (claimed.length === 0) throw expired();
        await endPendingResets(tx, pending.customerId);
        await tx
          .update(customers)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(customers.id, pending.customerId));
        return pending.customerId;
      });
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
     * Refuses an order that would take a pro past their spend limit this period (issue 8), and
     * a pro's order in any currency but their home one: a pro has one limit, in that currency
     * (docs/decisions/016). Runs inside the checkout's transaction and holds a per-customer lock
     * until it commits, so two checkouts at once cannot both squeeze under the limit.
     */
    async assertWithinSpendLimit(
      tx: Db | Tx,
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
  return service;
}

export type CustomerService = ReturnType<typeof createCustomerService>;
