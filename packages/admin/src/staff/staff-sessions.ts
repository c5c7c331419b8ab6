import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { Db } from '@piste/db';
import { staff, staffSessions } from '../schema/staff';
import type { StaffActor } from '../staff-actor';

/** A staff session ends after 30 minutes without a request (docs/admin.md 'Staff sessions'). */
export const STAFF_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** …and 12 hours after sign-in however active it is: one working day. */
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** The idle clock is moved on at most this often, so a busy screen does not write on every call. */
const TOUCH_INTERVAL_MS = 60 * 1000;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface StaffSessions {
  /** Starts a session and returns its token, for the cookie. */
  create(staffId: number): Promise<string>;
  /** The session's staff member, or null when the token is malformed, unknown, idle, expired or disabled. */
  read(token: string): Promise<StaffActor | null>;
  destroy(token: string): Promise<void>;
  /** Ends every session of a staff member (disabled, role or password changed). */
  destroyAllFor(staffId: number): Promise<void>;
}

/** Staff sessions in the database: the cookie holds a random token, the table only its SHA-256. */
export function createStaffSessions(db: Db, now: () => Date = () => new Date()): StaffSessions {
  return {
    async create(staffId) {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await db.insert(staffSessions).values({
        tokenHash: hashToken(token),
        staffId,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + STAFF_SESSION_MAX_MS),
      });
      // Old sessions are swept as new ones start: no table grows without bound.
      await db
        .delete(staffSessions)
        .where(
          or(
            lt(staffSessions.expiresAt, at),
            lt(staffSessions.lastSeenAt, new Date(at.getTime() - STAFF_IDLE_TIMEOUT_MS)),
          ),
        );
      return token;
    },

    async read(token) {
      if (!TOKEN_PATTERN.test(token)) return null;
      const at = now();
      const tokenHash = hashToken(token);
      const [row] = await db
        .select({
          id: staff.id,
          email: staff.email,
          name: staff.name,
          role: staff.role,
          disabledAt: staff.disabledAt,
          lastSeenAt: staffSessions.lastSeenAt,
        })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(
          and(
            eq(staffSessions.tokenHash, tokenHash),
            gt(staffSessions.expiresAt, at),
            gt(staffSessions.lastSeenAt, new Date(at.getTime() - STAFF_IDLE_TIMEOUT_MS)),
          ),
        );
      if (!row || row.disabledAt) return null;
      if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.tokenHash, tokenHash));
      }
      return { id: row.id, email: row.email, name: row.name, role: row.role };
    },

    async destroy(token) {
      if (!TOKEN_PATTERN.test(token)) return;
      await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
    },

    async destroyAllFor(staffId) {
      await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    },
  };
}
