import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { customerGroups } from '../schema/customers';
import type { CustomerGroupService } from './customer-contract';
import { toCustomerGroupDto, type CustomerGroupDto } from './customer-dto';

/** How long groups are reused: they change rarely, and every priced request reads one. */
const GROUPS_TTL_MS = 60_000;

/**
 * What groups are read with: the database, or the transaction the caller is in. A caller in a
 * transaction must pass it: PGlite has one connection, so a read beside the transaction would
 * wait for it to end, forever.
 */
type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Customer groups (spec §6 'A guest customer group exists'; §7 `GET customer_groups`,
 * `customer_groups/{id}`, `?is_group_for_guests=true`), read once a minute at most.
 */
export function createCustomerGroupService(db: Db): CustomerGroupService {
  let cached: { at: number; groups: CustomerGroupDto[] } | null = null;

  async function all(executor: Executor = db): Promise<CustomerGroupDto[]> {
    if (cached && Date.now() - cached.at < GROUPS_TTL_MS) return cached.groups;
    const rows = await executor.select().from(customerGroups).orderBy(customerGroups.id);
    cached = { at: Date.now(), groups: rows.map(toCustomerGroupDto) };
    return cached.groups;
  }

  return {
    async list(filter: { isGroupForGuests?: boolean } = {}): Promise<CustomerGroupDto[]> {
      const groups = await all();
      return filter.isGroupForGuests === undefined
        ? groups
        : groups.filter((group) => group.is_group_for_guests === filter.isGroupForGuests);
    },

    async get(id: number, executor?: Executor): Promise<CustomerGroupDto> {
      const group = (await all(executor)).find((candidate) => candidate.id === id);
      if (!group) throw new DomainError('NOT_FOUND', `Customer group ${id} does not exist.`);
      return group;
    },

    /** The group of signed-in customers without one of their own. */
    async defaultGroup(executor?: Executor): Promise<CustomerGroupDto | null> {
      return (await all(executor)).find((group) => group.is_default) ?? null;
    },

    /** Forgets the cached groups (after the seed or an edit). */
    invalidate(): void {
      cached = null;
    },
  };
}
