import { eq, inArray } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import { DomainError } from '@piste/core';
import { FieldErrors } from '../admin-error';
import { recordAudit, type DbOrTx } from '../audit/audit-log';
import type { StaffActor } from '../staff-actor';
import type { GroupDiscounts } from './catalogue-schemas';

const { customerGroups, categories, products } = commerceSchema;

type StoredRule = (typeof customerGroups.$inferSelect)['discountRules'][number];
type Rule = GroupDiscounts['rules'][number];

/** The stored BigCommerce shape (`amount: '30.0000'`) as the editor's (`percent: 30`). */
function ruleOf(stored: StoredRule): Rule {
  const percent = Number(stored.amount);
  if (stored.type === 'category') return { type: 'category', categoryId: stored.category_id!, percent };
  if (stored.type === 'product') return { type: 'product', productId: stored.product_id!, percent };
  return { type: 'all', percent };
}

function storedOf(rule: Rule): StoredRule {
  const amount = rule.percent.toFixed(4);
  if (rule.type === 'category') return { type: 'category', method: 'percent', amount, category_id: rule.categoryId };
  if (rule.type === 'product') return { type: 'product', method: 'percent', amount, product_id: rule.productId };
  return { type: 'all', method: 'percent', amount };
}

async function groupRow(db: DbOrTx, groupId: number) {
  const [group] = await db.select().from(customerGroups).where(eq(customerGroups.id, groupId));
  if (!group) throw new DomainError('NOT_FOUND', `There is no customer group ${groupId}.`, 'NOT_FOUND');
  return group;
}

/** A customer group's prices: percent off everything, a category or a product. */
export async function loadGroupDiscounts(db: DbOrTx, groupId: number) {
  const group = await groupRow(db, groupId);
  return { group: { id: group.id, name: group.name }, rules: group.discountRules.map(ruleOf) };
}

/**
 * Replaces a group's discount rules. The most specific rule for a product wins (product, then
 * category, then all), so two rules for the same target would be ambiguous and are refused.
 */
export async function saveGroupDiscounts(
  db: DbOrTx,
  actor: StaffActor,
  groupId: number,
  input: GroupDiscounts,
  requestId?: string,
) {
  return db.transaction(async (tx) => {
    const before = await groupRow(tx, groupId);
    const fields: Record<string, string> = {};
    const categoryIds = input.rules.flatMap((rule) => (rule.type === 'category' ? [rule.categoryId] : []));
    const productIds = input.rules.flatMap((rule) => (rule.type === 'product' ? [rule.productId] : []));
    const knownCategories = new Set(
      categoryIds.length === 0
        ? []
        : (await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds))).map(
            (row) => row.id,
          ),
    );
    const knownProducts = new Set(
      productIds.length === 0
        ? []
        : (await tx.select({ id: products.id }).from(products).where(inArray(products.id, productIds))).map(
            (row) => row.id,
          ),
    );
    const seen = new Map<string, number>();
    input.rules.forEach((rule, index) => {
      const target =
        rule.type === 'all'
          ? 'all'
          : rule.type === 'category'
            ? `category ${rule.categoryId}`
            : `product ${rule.productId}`;
      if (seen.has(target)) fields[`rules.${index}`] = `Rule ${seen.get(target)! + 1} already sets ${target}.`;
      seen.set(target, index);
      if (rule.type === 'category' && !knownCategories.has(rule.categoryId)) {
        fields[`rules.${index}.categoryId`] = `There is no category ${rule.categoryId}.`;
      }
      if (rule.type === 'product' && !knownProducts.has(rule.productId)) {
        fields[`rules.${index}.productId`] = `There is no product ${rule.productId}.`;
      }
    });
    if (Object.keys(fields).length > 0) throw new FieldErrors(fields);
    const discountRules = input.rules.map(storedOf);
    await tx.update(customerGroups).set({ discountRules, updatedAt: new Date() }).where(eq(customerGroups.id, groupId));
    await recordAudit(
      tx,
      actor,
      {
        action: 'customer-group.discounts',
        entityType: 'customer-group',
        entityId: groupId,
        before: before.discountRules,
        after: discountRules,
      },
      requestId,
    );
    return { group: { id: before.id, name: before.name }, rules: discountRules.map(ruleOf) };
  });
}
