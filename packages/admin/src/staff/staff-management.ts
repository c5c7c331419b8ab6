import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { hashPassword, passwordProblem, verifyPassword } from '@piste/commerce/server';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { FieldErrors, VersionConflict } from '../admin-error';
import { recordAudit, type DbOrTx } from '../audit/audit-log';
import type { StaffRole } from '../roles';
import { staff } from '../schema/staff';
import type { StaffActor } from '../staff-actor';
import {
  newTotpSecret,
  staffTotp,
  staffView,
  totpCodeMatches,
  type StaffRecord,
  type StaffView,
} from './staff-accounts';

/**
 * Staff management (owners) and each staff member's own account: every change is checked
 * against the version the editor loaded and written to the audit log in its own transaction.
 */

export async function listStaff(db: Db): Promise<StaffView[]> {
  const rows = await db.select().from(staff).orderBy(asc(staff.name), asc(staff.id));
  return rows.map(staffView);
}

export async function findStaff(db: Db, id: number): Promise<StaffView> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  if (!row) throw new DomainError('NOT_FOUND', 'No staff account has this id.', 'STAFF_NOT_FOUND');
  return staffView(row);
}

async function lockedStaff(tx: DbOrTx, id: number): Promise<StaffRecord> {
  const [row] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
  if (!row) throw new DomainError('NOT_FOUND', 'No staff account has this id.', 'STAFF_NOT_FOUND');
  return row;
}

function checkVersion(row: StaffRecord, version: number): void {
  if (row.version !== version) throw new VersionConflict(staffView(row), 'This staff account');
}

/**
 * The shop always keeps one active owner: nobody else can manage staff. The other active
 * owners' rows are locked, so two owners demoting each other at once cannot both succeed.
 */
async function ensureAnotherActiveOwner(tx: DbOrTx, row: StaffRecord): Promise<void> {
  if (row.role !== 'owner' || row.disabledAt) return;
  const others = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt), ne(staff.id, row.id)))
    .for('update');
  if (others.length === 0) {
    throw new DomainError(
      'CONFLICT',
      'This is the last active owner: make another staff member an owner first.',
      'LAST_OWNER',
    );
  }
}

function passwordChecked(password: string, email: string, field: string): string {
  const problem = passwordProblem(password, email);
  if (problem) throw new FieldErrors({ [field]: `The password ${problem}.` });
  return password;
}

export interface StaffUpdate {
  version: number;
  name?: string | undefined;
  role?: StaffRole | undefined;
}

export async function updateStaff(
  db: Db,
  actor: StaffActor,
  id: number,
  update: StaffUpdate,
  requestId?: string,
): Promise<StaffView> {
  return db.transaction(async (tx) => {
    const row = await lockedStaff(tx, id);
    checkVersion(row, update.version);
    const name = update.name?.trim() ?? row.name;
    const role = update.role ?? row.role;
    if (name === row.name && role === row.role) return staffView(row);
    if (role !== 'owner') await ensureAnotherActiveOwner(tx, row);
    const [updated] = await tx
      .update(staff)
      .set({ name, role, version: row.version + 1, updatedAt: new Date() })
      .where(eq(staff.id, id))
      .returning();
    const after = staffView(updated!);
    await recordAudit(
      tx,
      actor,
      { action: 'staff.update', entityType: 'staff', entityId: id, before: staffView(row), after },
      requestId,
    );
    return after;
  });
}

/** Disables or enables an account. The caller ends a disabled member's sessions. */
export async function setStaffDisabled(
  db: Db,
  actor: StaffActor,
  id: number,
  input: { version: number; disabled: boolean },
  requestId?: string,
): Promise<StaffView> {
  return db.transaction(async (tx) => {
    const row = await lockedStaff(tx, id);
    checkVersion(row, input.version);
    if (input.disabled === (row.disabledAt !== null)) return staffView(row);
    if (input.disabled) await ensureAnotherActiveOwner(tx, row);
    const [updated] = await tx
      .update(staff)
      .set({
        disabledAt: input.disabled ? new Date() : null,
        version: row.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(staff.id, id))
      .returning();
    const after = staffView(updated!);
    await recordAudit(
      tx,
      actor,
      {
        action: input.disabled ? 'staff.disable' : 'staff.enable',
        entityType: 'staff',
        entityId: id,
        before: staffView(row),
        after,
      },
      requestId,
    );
    return after;
  });
}

/** Writes a new password hash; the audit entry says it changed, never what to. */
async function writePassword(
  tx: DbOrTx,
  actor: StaffActor,
  row: StaffRecord,
  passwordHash: string,
  action: string,
  requestId?: string,
): Promise<StaffView> {
  const [updated] = await tx
    .update(staff)
    .set({ passwordHash, version: row.version + 1, updatedAt: new Date() })
    .where(eq(staff.id, row.id))
    .returning();
  const after = staffView(updated!);
  await recordAudit(tx, actor, { action, entityType: 'staff', entityId: row.id, after }, requestId);
  return after;
}

/** An owner sets a new password for someone (who forgot theirs). The caller ends their sessions. */
export async function resetStaffPassword(
  db: Db,
  actor: StaffActor,
  id: number,
  password: string,
  requestId?: string,
): Promise<StaffView> {
  const [existing] = await db.select({ email: staff.email }).from(staff).where(eq(staff.id, id));
  if (!existing) throw new DomainError('NOT_FOUND', 'No staff account has this id.', 'STAFF_NOT_FOUND');
  const passwordHash = await hashPassword(passwordChecked(password, existing.email, 'password'));
  return db.transaction(async (tx) => {
    const row = await lockedStaff(tx, id);
    return writePassword(tx, actor, row, passwordHash, 'staff.reset-password', requestId);
  });
}

/** A staff member changes their own password, proving they know the current one. */
export async function changeOwnPassword(
  db: Db,
  actor: StaffActor & { id: number },
  input: { currentPassword: string; newPassword: string },
  requestId?: string,
): Promise<StaffView> {
  const [row] = await db.select().from(staff).where(eq(staff.id, actor.id));
  if (!row) throw new DomainError('NOT_FOUND', 'No staff account has this id.', 'STAFF_NOT_FOUND');
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new FieldErrors({ currentPassword: 'This is not your current password.' });
  }
  const passwordHash = await hashPassword(passwordChecked(input.newPassword, row.email, 'newPassword'));
  return db.transaction(async (tx) => {
    const locked = await lockedStaff(tx, actor.id);
    return writePassword(tx, actor, locked, passwordHash, 'staff.change-password', requestId);
  });
}

/**
 * The first step of turning on a second factor: a fresh secret and the URI an authenticator
 * app reads. Nothing is stored: the app sends the secret back with a code to confirm it.
 */
export function startTotpSetup(actor: StaffActor): { uri: string; secret: string } {
  const secret = newTotpSecret();
  return { uri: staffTotp(actor.email, secret).toString(), secret };
}

/** Turns the second factor on once a code shows the authenticator app holds the secret. */
export async function confirmTotp(
  db: Db,
  actor: StaffActor & { id: number },
  input: { secret: string; code: string },
  requestId?: string,
): Promise<StaffView> {
  if (!totpCodeMatches(actor.email, input.secret, input.code)) {
    throw new FieldErrors({ code: 'This code does not match: check the app and the clock of your phone.' });
  }
  return db.transaction(async (tx) => {
    const row = await lockedStaff(tx, actor.id);
    if (row.totpSecret) {
      throw new DomainError('CONFLICT', 'Two-factor sign-in is already on for your account.', 'TOTP_ALREADY_ON');
    }
    const [updated] = await tx
      .update(staff)
      .set({ totpSecret: input.secret, version: row.version + 1, updatedAt: new Date() })
      .where(eq(staff.id, row.id))
      .returning();
    const after = staffView(updated!);
    await recordAudit(
      tx,
      actor,
      { action: 'staff.totp-enable', entityType: 'staff', entityId: row.id, before: staffView(row), after },
      requestId,
    );
    return after;
  });
}

/** Turns the second factor off; a current code is needed, so a borrowed session alone cannot. */
export async function disableTotp(
  db: Db,
  actor: StaffActor & { id: number },
  code: string,
  requestId?: string,
): Promise<StaffView> {
  return db.transaction(async (tx) => {
    const row = await lockedStaff(tx, actor.id);
    if (!row.totpSecret) {
      throw new DomainError('CONFLICT', 'Two-factor sign-in is not on for your account.', 'TOTP_NOT_ON');
    }
    if (!totpCodeMatches(row.email, row.totpSecret, code)) {
      throw new FieldErrors({ code: 'This code does not match: check the app and the clock of your phone.' });
    }
    const [updated] = await tx
      .update(staff)
      .set({ totpSecret: null, version: row.version + 1, updatedAt: new Date() })
      .where(eq(staff.id, row.id))
      .returning();
    const after = staffView(updated!);
    await recordAudit(
      tx,
      actor,
      { action: 'staff.totp-disable', entityType: 'staff', entityId: row.id, before: staffView(row), after },
      requestId,
    );
    return after;
  });
}
