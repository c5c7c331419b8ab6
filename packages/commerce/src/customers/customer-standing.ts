import { DomainError } from '@piste/core';
import type { CustomerExecutor, CustomerGroupService, CustomerStatus } from './customer-contract';
import type { CustomerDto, CustomerGroupDto } from './customer-dto';
import { DEFAULT_BRAND_SPEND_LIMIT, isProRegion, proRegionFromCustomerData, regionMakesPro } from './pro-status';

/**
 * How both commerce providers turn what they keep of a customer into the state the shop acts on
 * (spec §3 'Customer state'): pro status, the group that prices them, the spend limit.
 */

/** The pro region a customer's record names, whether their membership has expired, and whether they are a pro now. */
export function proStanding(
  record: { formFields: readonly { name: string; value: unknown }[]; notes: string; proExpiresAt: Date | null },
  now: Date,
) {
  const region = proRegionFromCustomerData(record.formFields, record.notes);
  const expired = record.proExpiresAt !== null && record.proExpiresAt.getTime() <= now.getTime();
  return { region, expired, isPro: regionMakesPro(region) && !expired };
}

/**
 * The group that prices a customer: their own, or the default one when they have none. A group
 * deleted from under its members leaves them with default pricing (none). `executor` is the
 * caller's transaction: on PGlite a read beside it would wait for it forever.
 */
export async function pricingGroupOf(
  groups: CustomerGroupService,
  ownGroupId: number | null,
  executor?: CustomerExecutor,
): Promise<CustomerGroupDto | null> {
  if (ownGroupId === null) return groups.defaultGroup(executor);
  return groups.get(ownGroupId, executor).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'NOT_FOUND') return null;
    throw error;
  });
}

/** The customer's state from their DTO, pricing group, pro standing and pro code's spend limit. */
export function customerStatusOf(
  customer: CustomerDto,
  facts: {
    group: CustomerGroupDto | null;
    isPro: boolean;
    region: string | null;
    proExpiresAt: Date | null;
    spendLimit: number | null;
  },
): CustomerStatus {
  const { group, isPro, region } = facts;
  return {
    customer,
    group,
    isPro,
    proRegion: isPro && isProRegion(region) ? region : null,
    proExpiresAt: facts.proExpiresAt,
    isEmployee: customer.is_employee,
    spendLimit: facts.spendLimit ?? DEFAULT_BRAND_SPEND_LIMIT,
    priceAdjustment:
      group && group.discount_rules.length > 0 ? { groupId: group.id, rules: group.discount_rules } : undefined,
  };
}
