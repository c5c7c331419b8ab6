import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './regions';
import { ADDRESS_TYPES, PRO_CODE_REGIONS, type ProCodeRegion } from '../customers/customer-kinds';

/**
 * A customer group's discount rule, in BigCommerce's `discount_rules` shape (spec §3 'Customer
 * state': customerDiscount). `amount` is a percentage as a decimal string ('30.0000'). The most
 * specific rule for a product wins: product, then category, then all.
 */
export interface DiscountRule {
  type: 'all' | 'category' | 'product';
  method: 'percent';
  amount: string;
  category_id?: number;
  product_id?: number;
}

/**
 * Customer groups (spec §6: "A guest customer group exists"). `isEmployeeGroup` is the server's
 * employee flag (spec §1: "Employee customers are flagged by the server").
 */
export const customerGroups = pgTable('customer_groups', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  isGroupForGuests: boolean('is_group_for_guests').notNull().default(false),
  isEmployeeGroup: boolean('is_employee_group').notNull().default(false),
  discountRules: jsonb('discount_rules').$type<DiscountRule[]>().notNull().default([]),
  ...timestamps,
});

export { PRO_CODE_REGIONS, type ProCodeRegion };

/**
 * Pro codes (docs/accounts.md 'Pro programme'): a trade customer applies with one and joins its group in
 * its pro region until `proExpiresAt`, with a spend limit per period in whole units of the
 * brand's currency (spec §3: brandSpendLimit, default 3000).
 */
export const proCodes = pgTable('pro_codes', {
  /** Stored upper-case; shoppers may type any case. */
  code: text('code').primaryKey(),
  region: text('region', { enum: PRO_CODE_REGIONS }).notNull(),
  customerGroupId: integer('customer_group_id')
    .notNull()
    .references(() => customerGroups.id),
  /** When pro status granted by this code ends. */
  proExpiresAt: timestamp('pro_expires_at', { withTimezone: true }).notNull(),
  /** Codes stop being accepted for new sign-ups after this. */
  validUntil: timestamp('valid_until', { withTimezone: true }),
  spendLimit: integer('spend_limit').notNull().default(3000),
  /** How many customers may join with the code; null: no limit. */
  maxUses: integer('max_uses'),
  version: integer('version').notNull().default(1),
  ...timestamps,
});

/**
 * Customers (spec §3 'Customer (stored)'). Emails are stored lower-cased and unique. The
 * 'Pro Code' form field of BigCommerce is kept in `formFields`: its value is JSON with the
 * pro region (spec §3: "The customer is pro if that region starts with 'pro'").
 */
export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** argon2id (PHC string). */
    passwordHash: text('password_hash').notNull(),
    /** Null: the default group. */
    customerGroupId: integer('customer_group_id').references(() => customerGroups.id),
    notes: text('notes').notNull().default(''),
    formFields: jsonb('form_fields').$type<{ name: string; value: string }[]>().notNull().default([]),
    proCode: text('pro_code').references(() => proCodes.code),
    proExpiresAt: timestamp('pro_expires_at', { withTimezone: true }),
    acceptsMarketing: boolean('accepts_marketing').notNull().default(false),
    /** Bumped by each back-office edit: a second editor's stale save is refused (docs/admin.md). */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('customers_email_idx').on(table.email),
    check('customers_email_lower', sql`${table.email} = lower(${table.email})`),
  ],
);

export { ADDRESS_TYPES };

/** A customer's address book (BigCommerce customer address fields). */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company').notNull().default(''),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    stateOrProvince: text('state_or_province').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    countryCode: text('country_code').notNull(),
    phone: text('phone').notNull().default(''),
    addressType: text('address_type', { enum: ADDRESS_TYPES }).notNull().default('residential'),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('customer_addresses_customer_idx').on(table.customerId),
    uniqueIndex('customer_addresses_one_default_idx')
      .on(table.customerId)
      .where(sql`${table.isDefault}`),
  ],
);

/** Single-use password reset tokens; only their SHA-256 is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_resets_customer_idx').on(table.customerId)],
);
