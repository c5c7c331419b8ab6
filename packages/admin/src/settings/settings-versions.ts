import { notifySearchChange } from '@piste/db';
import { DomainError } from '@piste/core';
import type { DbOrTx } from '../audit/audit-log';
import { VersionConflict } from '../admin-error';

/**
 * Settings tables have no version column: a row's `updated_at` is its version, sent to the
 * editor as an ISO string and compared exactly. Read through the same driver both times, the
 * string of an unchanged row is always the same.
 */
export function versionOf(row: { updatedAt: Date }): string {
  return row.updatedAt.toISOString();
}

/**
 * The `updated_at` of a change: now, but always after the previous one, so two saves within
 * one millisecond still leave different versions.
 */
export function nextUpdatedAt(row: { updatedAt: Date }): Date {
  return new Date(Math.max(Date.now(), row.updatedAt.getTime() + 1));
}

/** Refuses a save made from a stale copy, showing the record as it is now. */
export function checkVersion(row: { updatedAt: Date }, version: string, current: () => unknown, what: string): void {
  if (versionOf(row) !== version) throw new VersionConflict(current(), what);
}

export function notFound(what: string): DomainError {
  return new DomainError('NOT_FOUND', `${what} does not exist (it may have been deleted).`, 'NOT_FOUND');
}

/**
 * Tells every instance that shop settings changed, when the transaction commits: shipping and
 * tax are read from the database on every quote, but rendered pages show free-shipping
 * thresholds, so each instance drops its caches (cache-clearing.ts). The triggers of migration
 * 0011 do not watch the shipping and tax tables, hence the explicit announcement.
 */
export async function announceSettingsChange(tx: DbOrTx): Promise<void> {
  await notifySearchChange(tx, { rebuild: true });
}
