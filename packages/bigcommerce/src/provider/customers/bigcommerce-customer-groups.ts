import type { CustomerGroupDto, CustomerGroupService } from '@piste/commerce';
import { DomainError } from '@piste/core';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { bcCustomerGroupSchema, type BcCustomerGroup } from './customer-wire';

/** How long groups are reused, as the embedded service does: they change rarely, and every priced request reads one. */
const GROUPS_TTL_MS = 60_000;

/**
 * BigCommerce's customer groups carry no employee flag: a group whose name says "employee(s)"
 * is the employee group (docs/decisions/021-u-bigcommerce-customers.md).
 */
const EMPLOYEE_GROUP_NAME = /\bemployees?\b/i;

/** v2 dates are RFC 2822; our DTOs carry ISO 8601. */
const isoDate = (value: string | undefined) => {
  const date = value ? new Date(value) : new Date(0);
  return (Number.isNaN(date.getTime()) ? new Date(0) : date).toISOString();
};

function toGroupDto(group: BcCustomerGroup): CustomerGroupDto {
  return {
    id: group.id,
    name: group.name,
    is_default: group.is_default,
    is_group_for_guests: group.is_group_for_guests,
    is_employee_group: EMPLOYEE_GROUP_NAME.test(group.name),
    category_access: { type: 'all' },
    // Pricing applies percent rules; price-list rules are BigCommerce's own pricing, already in the prices.
    discount_rules: group.discount_rules.flatMap((rule) =>
      rule.type !== 'price_list' && rule.method === 'percent' && rule.amount !== undefined
        ? [
            {
              type: rule.type,
              method: 'percent' as const,
              amount: rule.amount,
              category_id: rule.category_id,
              product_id: rule.product_id,
            },
          ]
        : [],
    ),
    date_created: isoDate(group.date_created),
    date_modified: isoDate(group.date_modified),
  };
}

/** Customer groups from `GET /v2/customer_groups` (all pages), read once a minute at most. */
export function createBigCommerceCustomerGroups(deps: BigCommerceProviderDeps): CustomerGroupService {
  let cached: { at: number; groups: CustomerGroupDto[] } | null = null;

  async function all(): Promise<CustomerGroupDto[]> {
    if (cached && Date.now() - cached.at < GROUPS_TTL_MS) return cached.groups;
    const raw = await deps.client.v2All<unknown>('/customer_groups');
    const groups = deps.client.parse('GET /v2/customer_groups', bcCustomerGroupSchema.array(), raw).map(toGroupDto);
    cached = { at: Date.now(), groups: groups.sort((a, b) => a.id - b.id) };
    return cached.groups;
  }

  return {
    async list(filter: { isGroupForGuests?: boolean } = {}): Promise<CustomerGroupDto[]> {
      const groups = await all();
      return filter.isGroupForGuests === undefined
        ? groups
        : groups.filter((group) => group.is_group_for_guests === filter.isGroupForGuests);
    },

    /** The executor is the embedded engine's transaction; BigCommerce reads need none. */
    async get(id: number): Promise<CustomerGroupDto> {
      const group = (await all()).find((candidate) => candidate.id === id);
      if (!group) throw new DomainError('NOT_FOUND', `Customer group ${id} does not exist.`);
      return group;
    },

    async defaultGroup(): Promise<CustomerGroupDto | null> {
      return (await all()).find((group) => group.is_default) ?? null;
    },

    invalidate(): void {
      cached = null;
    },
  };
}
