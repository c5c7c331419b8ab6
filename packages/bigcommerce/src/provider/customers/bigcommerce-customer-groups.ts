import { createCachedCustomerGroups } from '@piste/commerce/server';
import type { CustomerGroupDto, CustomerGroupService } from '@piste/commerce';
import type { BigCommerceProviderDeps } from '../provider-deps';
import { bcCustomerGroupSchema, type BcCustomerGroup } from './customer-wire';

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
  return createCachedCustomerGroups(async () => {
    const raw = await deps.client.v2All<unknown>('/customer_groups');
    const groups = deps.client.parse('GET /v2/customer_groups', bcCustomerGroupSchema.array(), raw).map(toGroupDto);
    return groups.sort((a, b) => a.id - b.id);
  });
}
