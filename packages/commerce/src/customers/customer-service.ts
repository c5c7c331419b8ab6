import type { Db } from '@piste/db';
import type { CustomerGroupService, CustomerService } from './customer-contract';
import { createCustomerAccounts } from './customer-accounts';
import { createCustomerAddresses } from './customer-addresses';
import { createCustomerRecords } from './customer-records';
import { createPasswordResets } from './password-resets';
import { createProMemberships } from './pro-memberships';

export interface CustomerServiceOptions {
  groups: CustomerGroupService;
  /** The shop's public origin, for links in emails (never taken from a request's Host header). */
  publicUrl: string;
  /** The clock, for tests of expiry. */
  now?: () => Date;
}

/**
 * The embedded customer service (spec §3 'Customer (stored)', 'Customer state'): customers, their
 * address books, password resets and pro status in the shop's database, composed from one module
 * per concern of the contract (customer-contract.ts) over shared customer records. Passwords are
 * argon2id; no call reveals whether an email has an account, except creating one with a taken email.
 */
export function createCustomerService(db: Db, options: CustomerServiceOptions): CustomerService {
  const now = options.now ?? (() => new Date());
  const records = createCustomerRecords({ groups: options.groups, now });
  const accounts = createCustomerAccounts(db, records, { publicUrl: options.publicUrl });
  return {
    ...accounts,
    ...createCustomerAddresses(db, records),
    ...createPasswordResets(db, records, { publicUrl: options.publicUrl, now }),
    ...createProMemberships(db, records, { accounts, now }),
  };
}
