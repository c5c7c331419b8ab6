import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { hashPassword, passwordProblem, verifyAgainstDecoy, verifyPassword } from '@piste/commerce/server';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { FieldErrors } from '../admin-error';
import { recordAudit } from '../audit/audit-log';
import type { StaffRole } from '../roles';
import { staff } from '../schema/staff';
import type { StaffActor } from '../staff-actor';

export type StaffRecord = typeof staff.$inferSelect;

/** What the back office shows of a staff member: never the hash or the TOTP secret. */
export interface StaffView {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  totpEnabled: boolean;
  disabled: boolean;
  lastSignInAt: string | null;
  version: number;
  createdAt: string;
}

export function staffView(row: StaffRecord): StaffView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    totpEnabled: row.totpSecret !== null,
    disabled: row.disabledAt !== null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The authenticator app's entry: issuer Piste, labelled with the staff email, 30-second SHA-1 codes (RFC 6238). */
export function staffTotp(email: string, secret: string): TOTP {
  return new TOTP({ issuer: 'Piste back office', label: email, secret: Secret.fromBase32(secret) });
}

/** A code matches when it is the current one or the one just before or after (clock drift). */
export function totpCodeMatches(email: string, secret: string, code: string): boolean {
  return /^\d{6}$/.test(code) && staffTotp(email, secret).validate({ token: code, window: 1 }) !== null;
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

/** Creates a staff account; a taken email or a weak password is refused at its field. */
export async function createStaff(db: Db, actor: StaffActor, input: NewStaff, requestId?: string): Promise<StaffView> {
  const email = input.email.trim().toLowerCase();
  const problem = passwordProblem(input.password, email);
  if (problem) throw new FieldErrors({ password: `The password ${problem}.` });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
    if (taken) throw new FieldErrors({ email: 'A staff account already has this email.' });
    const [row] = await tx
      .insert(staff)
      .values({ email, name: input.name.trim(), role: input.role, passwordHash })
      .returning();
    const view = staffView(row!);
    await recordAudit(
      tx,
      actor,
      { action: 'staff.create', entityType: 'staff', entityId: view.id, after: view },
      requestId,
    );
    return view;
  });
}

export type SignInResult = { kind: 'signed-in'; staff: StaffRecord } | { kind: 'totp-required' };

/**
 * Checks a sign-in. A wrong email or password is one message (no account is revealed), taking
 * the same time either way; with a second factor on, the code is asked for once the password
 * is right, and a wrong code is refused like a wrong password.
 */
export async function verifyStaffSignIn(
  db: Db,
  input: { email: string; password: string; totp?: string | undefined },
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const [row] = await db.select().from(staff).where(eq(staff.email, email));
  const refused = new DomainError('UNAUTHORIZED', 'The email or password is not right.', 'INVALID_CREDENTIALS');
  if (!row) {
    await verifyAgainstDecoy(input.password);
    throw refused;
  }
  if (!(await verifyPassword(row.passwordHash, input.password)) || row.disabledAt) throw refused;
  if (row.totpSecret) {
    if (!input.totp) return { kind: 'totp-required' };
    if (!totpCodeMatches(row.email, row.totpSecret, input.totp)) {
      throw new DomainError('UNAUTHORIZED', 'The code from your authenticator app is not right.', 'INVALID_TOTP');
    }
  }
  await db.update(staff).set({ lastSignInAt: new Date() }).where(eq(staff.id, row.id));
  return { kind: 'signed-in', staff: row };
}
