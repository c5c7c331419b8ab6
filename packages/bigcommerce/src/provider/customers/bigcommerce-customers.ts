import type { CustomerGroupService, CustomerService } from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { createBigCommerceCustomerGroups } from './bigcommerce-customer-groups';
import { createCustomerAccounts } from './customer-accounts';
import { createCustomerAddresses } from './customer-addresses';
import { createCustomerRecords } from './customer-records';
import { createPasswordResets } from './password-resets';
import { createProMemberships } from './pro-memberships';

/**
 * Customers, addresses, groups and the pro programme over BigCommerce's v3 customers and v2
 * customer groups, with the embedded service's rules and refusals (customer-contract.ts).
 * `now` is the clock, for tests of expiry.
 */
export function createBigCommerceCustomers(
  deps: BigCommerceProviderDeps,
  options: { now?: () => Date } = {},
): {
  customers: CustomerService;
  customerGroups: CustomerGroupService;
} {
  const now = options.now ?? (() => new Date());
  const customerGroups = createBigCommerceCustomerGroups(deps);
  const records = createCustomerRecords(deps, { groups: customerGroups, now });
  const accounts = createCustomerAccounts(deps, records);
  const customers: CustomerService = {
    ...accounts,
    ...createCustomerAddresses(deps, records),
    ...createPasswordResets(deps, records, { now }),
    ...createProMemberships(deps, records, { accounts, now }),
  };
  return { customers, customerGroups };
}
