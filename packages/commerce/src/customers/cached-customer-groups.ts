import { DomainError } from '@piste/core';
import type { CustomerExecutor, CustomerGroupService } from './customer-contract';
import type { CustomerGroupDto } from './customer-dto';

/** How long groups are reused: they change rarely, and every priced request reads one. */
const GROUPS_TTL_MS = 60_000;

/**
 * The customer group service over a provider's read of every group (ordered by id), read once a
 * minute at most. `executor` is the caller's transaction, passed on to a read that needs it.
 */
export function createCachedCustomerGroups(
  readAll: (executor?: CustomerExecutor) => Promise<CustomerGroupDto[]>,
): CustomerGroupService {
  let cached: { at: number; groups: CustomerGroupDto[] } | null = null;

  async function all(executor?: CustomerExecutor): Promise<CustomerGroupDto[]> {
    if (cached && Date.now() - cached.at < GROUPS_TTL_MS) return cached.groups;
    cached = { at: Date.now(), groups: await readAll(executor) };
    return cached.groups;
  }

  return {
    async list(filter: { isGroupForGuests?: boolean } = {}): Promise<CustomerGroupDto[]> {
      const groups = await all();
      return filter.isGroupForGuests === undefined
        ? groups
        : groups.filter((group) => group.is_group_for_guests === filter.isGroupForGuests);
    },

    async get(id: number, executor?: CustomerExecutor): Promise<CustomerGroupDto> {
      const group = (await all(executor)).find((candidate) => candidate.id === id);
      if (!group) throw new DomainError('NOT_FOUND', `Customer group ${id} does not exist.`);
      return group;
    },

    async defaultGroup(executor?: CustomerExecutor): Promise<CustomerGroupDto | null> {
      return (await all(executor)).find((group) => group.is_default) ?? null;
    },

    invalidate(): void {
      cached = null;
    },
  };
}
