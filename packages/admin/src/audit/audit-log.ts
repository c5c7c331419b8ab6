import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '@piste/db';
import { auditLog } from '../schema/staff';
import { actorLabel, type StaffActor } from '../staff-actor';

/** A database handle or a transaction: an audit entry is written in the change's own transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AuditChange {
  /** `product.update`, `order.ship`, `content.publish`, … (`{entity}.{verb}`) */
  action: string;
  entityType: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Records a change. Call it inside the transaction that makes the change, so the log holds an
 * entry exactly when the change happened.
 */
export async function recordAudit(
  tx: DbOrTx,
  actor: StaffActor,
  change: AuditChange,
  requestId?: string,
): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: actor.id,
    actor: actorLabel(actor),
    action: change.action,
    entityType: change.entityType,
    entityId: String(change.entityId),
    before: change.before ?? null,
    after: change.after ?? null,
    requestId: requestId ?? null,
  });
}

export interface AuditFilter {
  staffId?: number;
  action?: string;
  entityType?: string;
  entityId?: string;
  from?: Date;
  to?: Date;
  /** The id of the last entry of the previous page: entries older than it. */
  before?: number;
  limit: number;
}

export type AuditEntry = typeof auditLog.$inferSelect;

/** The log newest first, filtered, one page at a time. */
export async function listAudit(db: Db, filter: AuditFilter): Promise<AuditEntry[]> {
  const conditions: SQL[] = [];
  if (filter.staffId !== undefined) conditions.push(eq(auditLog.staffId, filter.staffId));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.entityType) conditions.push(eq(auditLog.entityType, filter.entityType));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  if (filter.from) conditions.push(gte(auditLog.at, filter.from));
  if (filter.to) conditions.push(lte(auditLog.at, filter.to));
  if (filter.before !== undefined) conditions.push(lt(auditLog.id, filter.before));
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
}

/** An entry as the API answers it: the time as an ISO string. */
export function auditEntryView(entry: AuditEntry) {
  return { ...entry, at: entry.at.toISOString() };
}
