import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { readSeedCustomers } from '@piste/commerce/server';

/**
 * The fake's customers, their addresses and the customer groups, seeded from the demo customers
 * (data/seed/commerce/customers.json) with the ids the embedded seed gives them: customers from
 * 1001 in file order (the customers table's identity starts there), addresses from 1 in file order.
 */

/** v3 customer fields the fake keeps (reference/customers.v3.yml `customer_Full`). */
export interface FakeCustomer {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  company: string;
  phone: string;
  notes: string;
  customer_group_id: number;
  accepts_product_review_abandoned_cart_emails: boolean;
  channel_ids: number[] | null;
  form_fields: { name: string; value: string }[];
  date_created: Date;
  date_modified: Date;
  /** scrypt, `salt:hash` in hex; BigCommerce never returns it. */
  passwordHash: string;
}

/** v3 customer address fields (reference/customers.v3.yml `address_Full`). */
export interface FakeAddress {
  id: number;
  customer_id: number;
  first_name: string;
  last_name: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  state_or_province: string;
  postal_code: string;
  country_code: string;
  phone: string;
  address_type: 'residential' | 'commercial';
}

/** v2 customer group fields (reference/customers.v2.yml, Customer Groups). */
export interface FakeCustomerGroup {
  id: number;
  name: string;
  is_default: boolean;
  is_group_for_guests: boolean;
  category_access: { type: 'all' };
  discount_rules: { type: string; method: string; amount: string; category_id?: number; product_id?: number }[];
  date_created: Date;
  date_modified: Date;
}

/** The fake's customers and customer groups, seeded from the demo customers. */
export interface CustomersState {
  /** The customer with this id, as a cart or order names it; null when there is none. */
  lookupCustomer(
    id: number,
  ): { id: number; email: string; customerGroupId: number; firstName: string; lastName: string } | null;
  customers: Map<number, FakeCustomer>;
  addresses: Map<number, FakeAddress>;
  groups: Map<number, FakeCustomerGroup>;
  nextCustomerId: number;
  nextAddressId: number;
}

/** The embedded customers table's first id (its identity column starts there). */
export const FIRST_CUSTOMER_ID = 1001;

export function hashFakePassword(password: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${scryptSync(password, salt, 32).toString('hex')}`;
}

export function fakePasswordMatches(passwordHash: string, password: string): boolean {
  const [salt, hash] = passwordHash.split(':');
  const expected = Buffer.from(hash ?? '', 'hex');
  const given = scryptSync(password, Buffer.from(salt ?? '', 'hex'), 32);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function seedCustomers(): CustomersState {
  const seed = readSeedCustomers();
  const now = new Date();
  const groups = new Map<number, FakeCustomerGroup>(
    seed.groups.map((group) => [
      group.id,
      {
        id: group.id,
        name: group.name,
        is_default: group.is_default,
        is_group_for_guests: group.is_group_for_guests,
        category_access: { type: 'all' },
        discount_rules: group.discount_rules,
        date_created: now,
        date_modified: now,
      },
    ]),
  );
  const codes = new Map(seed.pro_codes.map((code) => [code.code, code]));
  const customers = new Map<number, FakeCustomer>();
  const addresses = new Map<number, FakeAddress>();
  let nextAddressId = 1;
  seed.customers.forEach((account, index) => {
    const id = FIRST_CUSTOMER_ID + index;
    const code = account.pro_code ? codes.get(account.pro_code) : undefined;
    customers.set(id, {
      id,
      email: account.email.toLowerCase(),
      first_name: account.first_name,
      last_name: account.last_name,
      company: account.company,
      phone: '',
      notes: '',
      customer_group_id: code?.customer_group_id ?? account.customer_group_id ?? 0,
      accepts_product_review_abandoned_cart_emails: false,
      channel_ids: null,
      // The same JSON the embedded seed writes (customer-seed.ts, pro-status.ts proCodeFieldValue).
      form_fields: code ? [{ name: 'Pro Code', value: JSON.stringify({ code: code.code, region: code.region }) }] : [],
      date_created: now,
      date_modified: now,
      passwordHash: hashFakePassword(account.password),
    });
    for (const address of account.addresses) {
      addresses.set(nextAddressId, { ...address, id: nextAddressId, customer_id: id, address2: '' });
      nextAddressId += 1;
    }
  });

  return {
    customers,
    addresses,
    groups,
    nextCustomerId: FIRST_CUSTOMER_ID + seed.customers.length,
    nextAddressId,
    lookupCustomer(id) {
      const customer = customers.get(id);
      return customer
        ? {
            id: customer.id,
            email: customer.email,
            customerGroupId: customer.customer_group_id,
            firstName: customer.first_name,
            lastName: customer.last_name,
          }
        : null;
    },
  };
}
