import { and, asc, eq, sql } from 'drizzle-orm';
import { commerceSchema } from '@piste/commerce/server';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { FieldErrors, VersionConflict } from '../admin-error';
import { recordAudit, type DbOrTx } from '../audit/audit-log';
import type { StaffActor } from '../staff-actor';
import type { PRO_CODE_REGION_VALUES, ProCodeView } from './pro-code-schemas';

const { customerGroups, customers, proCodes } = commerceSchema;

type ProCodeRow = typeof proCodes.$inferSelect;

type ProCodeRegion = (typeof commerceSchema.PRO_CODE_REGIONS)[number];
type AdminProCodeRegion = (typeof PRO_CODE_REGION_VALUES)[number];
type Assert<Condition extends true> = Condition;
/** The admin schemas' copy of the pro regions (pro-code-schemas.ts) is commerce's set: this stops compiling when they part. */
export type ProCodeRegionsAgree = Assert<
  [ProCodeRegion] extends [AdminProCodeRegion] ? ([AdminProCodeRegion] extends [ProCodeRegion] ? true : false) : false
>;

/** Customers holding the code now: what its `max_uses` counts (pro-memberships.ts counts the same). */
const usesOf = sql<number>`(select count(*)::int from ${customers} where ${customers.proCode} = ${proCodes.code})`;

const proCodeNotFound = (code: string) => new DomainError('NOT_FOUND', `Pro code ${code} does not exist.`, 'NOT_FOUND');

function stateOf(row: ProCodeRow, uses: number, now: Date): ProCodeView['state'] {
  if (row.proExpiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.validUntil !== null && row.validUntil.getTime() <= now.getTime()) return 'closed';
  if (row.maxUses !== null && uses >= row.maxUses) return 'closed';
  return 'accepted';
}

function toView(row: ProCodeRow, facts: { uses: number; groupName: string | null }, now: Date): ProCodeView {
  return {
    code: row.code,
    region: row.region,
    customerGroupId: row.customerGroupId,
    groupName: facts.groupName,
    spendLimit: row.spendLimit,
    proExpiresAt: row.proExpiresAt.toISOString(),
    validUntil: row.validUntil?.toISOString() ?? null,
    maxUses: row.maxUses,
    uses: facts.uses,
    state: stateOf(row, facts.uses, now),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

async function readViews(executor: DbOrTx, code?: string): Promise<ProCodeView[]> {
  const rows = await executor
    .select({ row: proCodes, uses: usesOf, groupName: customerGroups.name })
    .from(proCodes)
    .leftJoin(customerGroups, eq(customerGroups.id, proCodes.customerGroupId))
    .where(code === undefined ? undefined : eq(proCodes.code, code))
    .orderBy(asc(proCodes.code));
  const now = new Date();
  return rows.map(({ row, uses, groupName }) => toView(row, { uses: Number(uses), groupName }, now));
}

/** Every pro code with its uses so far, and the groups a code may join. Codes are few (one per partner or campaign): no paging. */
export async function listProCodes(db: Db) {
  const [views, groups] = await Promise.all([
    readViews(db),
    db
      .select({ id: customerGroups.id, name: customerGroups.name })
      .from(customerGroups)
      .orderBy(asc(customerGroups.id)),
  ]);
  return { proCodes: views, groups };
}

export async function proCodeView(executor: DbOrTx, code: string): Promise<ProCodeView> {
  const [view] = await readViews(executor, code);
  if (!view) throw proCodeNotFound(code);
  return view;
}

export interface NewProCode {
  code: string;
  region: ProCodeRegion;
  customerGroupId: number;
  spendLimit: number;
  proExpiresAt: Date;
  validUntil: Date | null;
  maxUses: number | null;
}

function isUniqueViolation(error: unknown): boolean {
  const failure = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return (failure?.code ?? failure?.cause?.code) === '23505';
}

async function assertGroupExists(executor: DbOrTx, groupId: number): Promise<void> {
  const [group] = await executor
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(eq(customerGroups.id, groupId));
  if (!group) throw new FieldErrors({ customerGroupId: 'Choose a customer group that exists.' });
}

/** Creates a code; a taken code is refused at its field. */
export async function createProCode(
  db: Db,
  actor: StaffActor,
  input: NewProCode,
  requestId?: string,
): Promise<ProCodeView> {
  if (input.proExpiresAt.getTime() <= Date.now()) {
    throw new FieldErrors({ proExpiresAt: 'Choose a pro expiry in the future.' });
  }
  try {
    return await db.transaction(async (tx) => {
      await assertGroupExists(tx, input.customerGroupId);
      const [taken] = await tx.select({ code: proCodes.code }).from(proCodes).where(eq(proCodes.code, input.code));
      if (taken) throw new FieldErrors({ code: `The code ${input.code} already exists. Choose another.` });
      await tx.insert(proCodes).values(input);
      const view = await proCodeView(tx, input.code);
      await recordAudit(
        tx,
        actor,
        { action: 'pro-code.create', entityType: 'pro-code', entityId: input.code, after: view },
        requestId,
      );
      return view;
    });
  } catch (error) {
    // Two staff creating the same code at once: the second finds it taken here.
    if (isUniqueViolation(error))
      throw new FieldErrors({ code: `The code ${input.code} already exists. Choose another.` });
    throw error;
  }
}

/** Locks a code for an edit and checks the editor saw its latest version. */
async function lockForEdit(tx: DbOrTx, code: string, version: number): Promise<ProCodeView> {
  const [locked] = await tx
    .select({ version: proCodes.version })
    .from(proCodes)
    .where(eq(proCodes.code, code))
    .for('update');
  if (!locked) throw proCodeNotFound(code);
  const current = await proCodeView(tx, code);
  if (locked.version !== version) throw new VersionConflict(current, `Pro code ${code}`);
  return current;
}

export interface ProCodeChanges {
  spendLimit?: number;
  proExpiresAt?: Date;
  validUntil?: Date | null;
  maxUses?: number | null;
}

/**
 * Edits a code. A new pro expiry also moves the expiry of the customers who joined with the
 * code and still have its old one (a customer given their own expiry keeps it); the spend
 * limit is read through the code, so it applies to every holder at once.
 */
export async function updateProCode(
  db: Db,
  actor: StaffActor,
  code: string,
  version: number,
  changes: ProCodeChanges,
  requestId?: string,
): Promise<{ proCode: ProCodeView; holdersMoved: number }> {
  return db.transaction(async (tx) => {
    const before = await lockForEdit(tx, code, version);
    await tx
      .update(proCodes)
      .set({ ...changes, version: sql`${proCodes.version} + 1`, updatedAt: new Date() })
      .where(eq(proCodes.code, code));
    let holdersMoved = 0;
    if (changes.proExpiresAt && changes.proExpiresAt.toISOString() !== before.proExpiresAt) {
      const moved = await tx
        .update(customers)
        .set({ proExpiresAt: changes.proExpiresAt, updatedAt: new Date() })
        .where(and(eq(customers.proCode, code), eq(customers.proExpiresAt, new Date(before.proExpiresAt))))
        .returning({ id: customers.id });
      holdersMoved = moved.length;
    }
    const after = await proCodeView(tx, code);
    await recordAudit(
      tx,
      actor,
      { action: 'pro-code.update', entityType: 'pro-code', entityId: code, before, after: { ...after, holdersMoved } },
      requestId,
    );
    return { proCode: after, holdersMoved };
  });
}

/** Stops a code being accepted from now on; customers who joined keep their pro status until it expires. */
export async function expireProCode(
  db: Db,
  actor: StaffActor,
  code: string,
  version: number,
  requestId?: string,
): Promise<ProCodeView> {
  return db.transaction(async (tx) => {
    const before = await lockForEdit(tx, code, version);
    await tx
      .update(proCodes)
      .set({ validUntil: new Date(), version: sql`${proCodes.version} + 1`, updatedAt: new Date() })
      .where(eq(proCodes.code, code));
    const after = await proCodeView(tx, code);
    await recordAudit(
      tx,
      actor,
      { action: 'pro-code.expire', entityType: 'pro-code', entityId: code, before, after },
      requestId,
    );
    return after;
  });
}

/** The customers holding a code now, newest first. */
export async function proCodeCustomers(db: Db, code: string) {
  await proCodeView(db, code);
  const rows = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      company: customers.company,
      proExpiresAt: customers.proExpiresAt,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(eq(customers.proCode, code))
    .orderBy(sql`${customers.createdAt} desc, ${customers.id} desc`);
  return rows.map((row) => ({
    ...row,
    proExpiresAt: row.proExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
