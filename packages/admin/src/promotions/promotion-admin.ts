import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import type { SHOPPING_REGIONS } from '@piste/core';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { FieldErrors, VersionConflict } from '../admin-error';
import { recordAudit, type DbOrTx } from '../audit/audit-log';
import type { StaffActor } from '../staff-actor';
import {
  PROMOTION_REGION_VALUES,
  type PROMOTION_KIND_VALUES,
  type PROMOTION_PRO_RULE_VALUES,
  type PROMOTION_TARGET_VALUES,
  type PromotionChoices,
  type PromotionInput,
  type PromotionListQuery,
  type PromotionStatus,
  type PromotionView,
} from './promotion-schemas';

const { categories, currencies, customerGroups, products, promotionRedemptions, promotions } = commerceSchema;

type PromotionRow = typeof promotions.$inferSelect;

type Assert<Condition extends true> = Condition;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The admin schemas' copies (promotion-schemas.ts) are commerce's sets: these stop compiling when they part. */
export type PromotionSetsAgree = Assert<
  Same<(typeof PROMOTION_KIND_VALUES)[number], (typeof commerceSchema.PROMOTION_KINDS)[number]> &
    Same<(typeof PROMOTION_TARGET_VALUES)[number], (typeof commerceSchema.PROMOTION_TARGETS)[number]> &
    Same<(typeof PROMOTION_PRO_RULE_VALUES)[number], (typeof commerceSchema.PROMOTION_PRO_RULES)[number]> &
    Same<(typeof PROMOTION_REGION_VALUES)[number], (typeof SHOPPING_REGIONS)[number]>
>;

const promotionNotFound = (id: number) => new DomainError('NOT_FOUND', `Promotion ${id} does not exist.`, 'NOT_FOUND');

/** Where a promotion stands, in SQL, for the status filter; `statusOf` says the same in code. */
const statusSql = sql<PromotionStatus>`case
  when not ${promotions.enabled} then 'disabled'
  when ${promotions.startsAt} is not null and ${promotions.startsAt} > now() then 'scheduled'
  when ${promotions.endsAt} is not null and ${promotions.endsAt} <= now() then 'expired'
  else 'active' end`;

function statusOf(row: PromotionRow, now: Date): PromotionStatus {
  if (!row.enabled) return 'disabled';
  if (row.startsAt && row.startsAt.getTime() > now.getTime()) return 'scheduled';
  if (row.endsAt && row.endsAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

const redemptionsOf = sql<number>`(select count(*)::int from ${promotionRedemptions} where ${promotionRedemptions.promotionId} = ${promotions.id})`;

const targetNameOf = sql<string | null>`case ${promotions.target}
  when 'category' then (select ${categories.name} from ${categories} where ${categories.id} = ${promotions.targetId})
  when 'product' then (select ${products.name} from ${products} where ${products.id} = ${promotions.targetId})
  end`;

/** Each sort key's columns, the id last so a page boundary never splits equal values at random. */
const SORT_COLUMNS: Record<PromotionListQuery['sort'], (SQLWrapper & AnyColumn)[]> = {
  created: [promotions.createdAt, promotions.id],
  name: [promotions.name, promotions.id],
  code: [promotions.code, promotions.id],
  starts: [promotions.startsAt, promotions.id],
  ends: [promotions.endsAt, promotions.id],
  uses: [promotions.timesUsed, promotions.id],
};

function toView(
  row: PromotionRow,
  facts: { redemptions: number; targetName: string | null },
  now: Date,
): PromotionView {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    kind: row.kind,
    target: row.target,
    targetId: row.targetId,
    targetName: facts.targetName,
    percentOff: row.percentOff,
    amountOffMinor: row.amountOffMinor,
    currencyCode: row.currencyCode,
    regions: row.regions,
    customerGroupIds: row.customerGroupIds,
    pros: row.pros,
    minSubtotalMinor: row.minSubtotalMinor,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    timesUsed: row.timesUsed,
    redemptions: facts.redemptions,
    combinesWithSale: row.combinesWithSale,
    combinesWithGroupDiscount: row.combinesWithGroupDiscount,
    enabled: row.enabled,
    status: statusOf(row, now),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const viewColumns = { row: promotions, redemptions: redemptionsOf, targetName: targetNameOf };

/** `%`, `_` and `\` typed in a search are letters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Promotions matching a search (name or code) and filters, one page at a time, with the total. */
export async function listPromotions(db: Db, query: PromotionListQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (query.q)
    conditions.push(or(ilike(promotions.name, likePattern(query.q)), ilike(promotions.code, likePattern(query.q))));
  if (query.status) conditions.push(sql`${statusSql} = ${query.status}`);
  if (query.kind) conditions.push(eq(promotions.kind, query.kind));
  const where = and(...conditions);
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select(viewColumns)
      .from(promotions)
      .where(where)
      .orderBy(...SORT_COLUMNS[query.sort].map((column) => direction(column)))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(promotions).where(where),
  ]);
  const now = new Date();
  return {
    promotions: rows.map(({ row, redemptions, targetName }) =>
      toView(row, { redemptions: Number(redemptions), targetName }, now),
    ),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function promotionView(executor: DbOrTx, id: number): Promise<PromotionView> {
  const [found] = await executor.select(viewColumns).from(promotions).where(eq(promotions.id, id));
  if (!found) throw promotionNotFound(id);
  return toView(found.row, { redemptions: Number(found.redemptions), targetName: found.targetName }, new Date());
}

/** The customer groups, categories, currencies and regions the editor offers. */
export async function promotionChoices(db: Db): Promise<PromotionChoices> {
  const [groups, categoryRows, currencyRows] = await Promise.all([
    db
      .select({ id: customerGroups.id, name: customerGroups.name })
      .from(customerGroups)
      .orderBy(asc(customerGroups.id)),
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.name), asc(categories.id)),
    db
      .select({ code: currencies.code, decimalPlaces: currencies.decimalPlaces })
      .from(currencies)
      .orderBy(asc(currencies.code)),
  ]);
  return { groups, categories: categoryRows, currencies: currencyRows, regions: [...PROMOTION_REGION_VALUES] };
}

function isUniqueViolation(error: unknown): boolean {
  const failure = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return (failure?.code ?? failure?.cause?.code) === '23505';
}

const codeTaken = (code: string) => new FieldErrors({ code: `The code ${code} is already in use. Choose another.` });

/**
 * The checks that need the database, each refused at its field: the target, groups and currency
 * exist, the code is free (case-insensitively), and a limit is not below the uses so far.
 */
async function checkAgainstShop(tx: DbOrTx, input: PromotionInput, self?: { id: number; timesUsed: number }) {
  const errors: Record<string, string> = {};
  if (input.target !== 'cart' && input.targetId !== null) {
    const table = input.target === 'category' ? categories : products;
    const [found] = await tx.select({ id: table.id }).from(table).where(eq(table.id, input.targetId));
    if (!found) errors.targetId = `No ${input.target} has the id ${input.targetId}.`;
  }
  if (input.customerGroupIds.length > 0) {
    const found = await tx
      .select({ id: customerGroups.id })
      .from(customerGroups)
      .where(inArray(customerGroups.id, input.customerGroupIds));
    const known = new Set(found.map((group) => group.id));
    const unknown = input.customerGroupIds.filter((id) => !known.has(id));
    if (unknown.length > 0) errors.customerGroupIds = `No customer group has the id ${unknown.join(', ')}.`;
  }
  if (input.currencyCode !== null) {
    const [found] = await tx
      .select({ code: currencies.code })
      .from(currencies)
      .where(eq(currencies.code, input.currencyCode));
    if (!found) errors.currencyCode = `The shop has no currency ${input.currencyCode}.`;
  }
  if (input.code !== null) {
    const [taken] = await tx
      .select({ id: promotions.id })
      .from(promotions)
      .where(and(sql`lower(${promotions.code}) = lower(${input.code})`, self ? ne(promotions.id, self.id) : undefined));
    if (taken) errors.code = codeTaken(input.code).fields.code!;
  }
  if (self && input.usageLimit !== null && input.usageLimit < self.timesUsed) {
    errors.usageLimit = `It has been used ${self.timesUsed} times already: allow at least that many.`;
  }
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
}

/** Two staff saving the same code at once: the second finds it taken at the unique index. */
async function refusingTakenCode<T>(code: string | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (code !== null && isUniqueViolation(error)) throw codeTaken(code);
    throw error;
  }
}

export async function createPromotion(
  db: Db,
  actor: StaffActor,
  input: PromotionInput,
  requestId?: string,
): Promise<PromotionView> {
  return refusingTakenCode(input.code, () =>
    db.transaction(async (tx) => {
      await checkAgainstShop(tx, input);
      const [created] = await tx.insert(promotions).values(input).returning({ id: promotions.id });
      const view = await promotionView(tx, created!.id);
      await recordAudit(
        tx,
        actor,
        { action: 'promotion.create', entityType: 'promotion', entityId: view.id, after: view },
        requestId,
      );
      return view;
    }),
  );
}

/** Locks a promotion for a change and checks the editor saw its latest version. */
async function lockForChange(
  tx: DbOrTx,
  id: number,
  version: number,
): Promise<{ before: PromotionView; row: PromotionRow }> {
  const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
  if (!row) throw promotionNotFound(id);
  const before = await promotionView(tx, id);
  if (row.version !== version) throw new VersionConflict(before, `Promotion ${before.name}`);
  return { before, row };
}

/** Replaces a promotion's terms; its uses so far stay. */
export async function updatePromotion(
  db: Db,
  actor: StaffActor,
  id: number,
  version: number,
  input: PromotionInput,
  requestId?: string,
): Promise<PromotionView> {
  return refusingTakenCode(input.code, () =>
    db.transaction(async (tx) => {
      const { before, row } = await lockForChange(tx, id, version);
      await checkAgainstShop(tx, input, { id, timesUsed: row.timesUsed });
      await tx
        .update(promotions)
        .set({ ...input, version: sql`${promotions.version} + 1`, updatedAt: new Date() })
        .where(eq(promotions.id, id));
      const after = await promotionView(tx, id);
      await recordAudit(
        tx,
        actor,
        { action: 'promotion.update', entityType: 'promotion', entityId: id, before, after },
        requestId,
      );
      return after;
    }),
  );
}

/** Turns a promotion on or off; carts stop (or start) getting it at their next pricing. */
export async function setPromotionEnabled(
  db: Db,
  actor: StaffActor,
  id: number,
  version: number,
  enabled: boolean,
  requestId?: string,
): Promise<PromotionView> {
  return db.transaction(async (tx) => {
    const { before } = await lockForChange(tx, id, version);
    await tx
      .update(promotions)
      .set({ enabled, version: sql`${promotions.version} + 1`, updatedAt: new Date() })
      .where(eq(promotions.id, id));
    const after = await promotionView(tx, id);
    const action = enabled ? 'promotion.enable' : 'promotion.disable';
    await recordAudit(tx, actor, { action, entityType: 'promotion', entityId: id, before, after }, requestId);
    return after;
  });
}

/**
 * Deletes a promotion no order has redeemed. One that has been redeemed is disabled instead:
 * its orders keep naming it (promotion_redemptions restricts deletes), and no cart gets it again.
 */
export async function deletePromotion(
  db: Db,
  actor: StaffActor,
  id: number,
  version: number,
  requestId?: string,
): Promise<{ deleted: boolean; promotion: PromotionView | null }> {
  return db.transaction(async (tx) => {
    const { before, row } = await lockForChange(tx, id, version);
    if (row.timesUsed > 0 || before.redemptions > 0) {
      if (!row.enabled) return { deleted: false, promotion: before };
      await tx
        .update(promotions)
        .set({ enabled: false, version: sql`${promotions.version} + 1`, updatedAt: new Date() })
        .where(eq(promotions.id, id));
      const after = await promotionView(tx, id);
      await recordAudit(
        tx,
        actor,
        { action: 'promotion.disable', entityType: 'promotion', entityId: id, before, after },
        requestId,
      );
      return { deleted: false, promotion: after };
    }
    await tx.delete(promotions).where(eq(promotions.id, id));
    await recordAudit(
      tx,
      actor,
      { action: 'promotion.delete', entityType: 'promotion', entityId: id, before },
      requestId,
    );
    return { deleted: true, promotion: null };
  });
}
