import type { CustomerGroupService, CustomerService } from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { unfinished } from '../unfinished';

/** Customers, addresses, groups and the pro programme over BigCommerce's v3 customers and v2 customer groups. */
export function createBigCommerceCustomers(_deps: BigCommerceProviderDeps): {
  customers: CustomerService;
  customerGroups: CustomerGroupService;
} {
  return { customers: unfinished('customers'), customerGroups: unfinished('customerGroups') };
}
