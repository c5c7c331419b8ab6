import type { Db } from '@piste/db';
import type { PriceAdjustment } from '../pricing/pricing-service';
import type { ProCodeRegion } from './customer-kinds';
import type { CustomerAddressDto, CustomerDto, CustomerGroupDto } from './customer-dto';
import type {
  CustomerAddressInput,
  CustomerAddressUpdateInput,
  CustomerCreateInput,
  CustomerUpdateInput,
} from './customer-schemas';
import type { ProBrand } from './pro-status';

/**
 * The customer service's contract (spec §3 'Customer (stored)', 'Customer state'; spec §7 customer
 * calls): what `/api`, the account pages and the checkout may ask of customers, whichever engine
 * keeps them. The embedded implementation is `createCustomerService` (customer-service.ts).
 */

/** An address book large enough for any shopper and small enough that nobody fills a table with one. */
export const MAX_ADDRESSES = 50;
/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

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

/** A database handle or an open transaction: checks that must commit with the caller's writes take one. */
export type CustomerExecutor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Customer groups (spec §6 'A guest customer group exists'; §7 `GET customer_groups`). */
export interface CustomerGroupService {
  list(filter?: { isGroupForGuests?: boolean }): Promise<CustomerGroupDto[]>;
  /** A caller inside a transaction passes it as `executor`, so the read joins it. */
  get(id: number, executor?: CustomerExecutor): Promise<CustomerGroupDto>;
  /** The group of signed-in customers without one of their own. */
  defaultGroup(executor?: CustomerExecutor): Promise<CustomerGroupDto | null>;
  /** Forgets the cached groups (after the seed or an edit). */
  invalidate(): void;
}

/** Accounts: sign-up, sign-in, profile and deletion. No call reveals whether an email has an account, except creating one with a taken email. */
export interface CustomerAccounts {
  /** `POST customers/create`. The password policy has been applied by the input schema. */
  create(input: CustomerCreateInput, locale: string): Promise<CustomerStatus>;
  /** `POST customers/login`: the customer, or one refusal whether the email or the password was wrong. */
  authenticate(email: string, password: string): Promise<CustomerStatus>;
  /** The customer's state, or null when the account no longer exists (a session outliving it). */
  status(id: number): Promise<CustomerStatus | null>;
  /** `GET customers?email:in=`: the customer with that email, if any. Callers restrict it to the signed-in one. */
  findByEmail(email: string): Promise<CustomerStatus | null>;
  /** `PUT customers/{id}`: profile, email and password (both with the current password), pro code. */
  update(id: number, input: CustomerUpdateInput): Promise<CustomerStatus>;
  /** `DELETE customers/{id}`, confirmed with the password; the customer's orders stay, anonymised. */
  delete(id: number, password: string): Promise<void>;
  /** `POST customers/validate` (spec §7: customer, pw): BigCommerce's `{ is_valid, customer_id }`. */
  validateCredentials(email: string, password: string): Promise<{ is_valid: boolean; customer_id: number | null }>;
}

/** A customer's address book, at most `MAX_ADDRESSES` long, with one default address. */
export interface CustomerAddresses {
  listAddresses(customerId: number): Promise<CustomerAddressDto[]>;
  /** Adds an address; the first one, or one marked default, becomes the default. */
  addAddress(customerId: number, input: CustomerAddressInput): Promise<CustomerAddressDto>;
  updateAddress(customerId: number, input: CustomerAddressUpdateInput): Promise<CustomerAddressDto>;
  /** Removes an address; when it was the default, the oldest remaining one takes over. */
  removeAddress(customerId: number, addressId: number): Promise<void>;
}

/** Single-use password reset links, valid for `PASSWORD_RESET_TTL_MINUTES`. */
export interface PasswordResets {
  /** Starts a reset and emails the link. Null when no account has the email; callers answer the same either way. */
  createPasswordReset(email: string, locale: string): Promise<{ customerId: number; token: string } | null>;
  /** Whether a reset token can still be used (the reset form checks before asking for a password). */
  passwordResetUsable(token: string): Promise<boolean>;
  /** Sets a new password with a reset token, once; returns the customer so callers can end their other sessions. */
  resetPassword(token: string, newPassword: string): Promise<number>;
}

/** The pro programme (spec §4 'Region resolution for pro customers'): codes, spend and its limit. */
export interface ProMemberships {
  /** Joins the pro programme with a code (`/pro/signup` for a signed-in customer). */
  applyProCode(id: number, code: string): Promise<CustomerStatus>;
  /** `GET /api/pro/order_total`: the period's spend for a brand, the pro expiry, the employee flag, the limit. */
  proOrderTotal(customerId: number, brand: ProBrand): Promise<ProOrderTotalDto>;
  /**
   * Refuses an order that would take a pro past their spend limit this period, or in a currency
   * other than their home one. Runs inside the checkout's transaction (`executor`).
   */
  assertWithinSpendLimit(
    executor: CustomerExecutor,
    customerId: number,
    order: { currencyCode: string; spendMinor: number },
  ): Promise<void>;
}

export interface CustomerService extends CustomerAccounts, CustomerAddresses, PasswordResets, ProMemberships {}
