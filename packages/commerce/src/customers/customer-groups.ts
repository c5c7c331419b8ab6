import type { Db } from '@piste/db';
import { customerGroups } from '../schema/customers';
import { createCachedCustomerGroups } from './cached-customer-groups';
import type { CustomerGroupService } from './customer-contract';
import { toCustomerGroupDto } from './customer-dto';

/**
 * Customer groups (spec §6 'A guest customer group exists'; §7 `GET customer_groups`,
 * `customer_groups/{id}`, `?is_group_for_guests=true`). A caller in a transaction must pass it:
 * PGlite has one connection, so a read beside the transaction would wait for it to end, forever.
 */
export function createCustomerGroupService(db: Db): CustomerGroupService {
  return createCachedCustomerGroups(async (executor = db) => {
    const rows = await executor.select().from(customerGroups).orderBy(customerGroups.id);
    return rows.map(toCustomerGroupDto);
  });
}
