import { and, asc, desc, eq, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { emailOutbox } from '../schema/index';
import type { OutboxEmail, OutboxEmailSummary, OutboxService } from './outbox-contract';

export const EMAIL_KINDS = [
  'password_reset',
  'account_created',
  'order_confirmation',
  'order_shipped',
  'order_cancelled',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** What a caller hands the outbox: a rendered email (see `email-templates.ts`) for one recipient. */
export interface OutgoingEmail {
  kind: EmailKind;
  recipient: string;
  subject: string;
  text: string;
  html: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database, or the transaction of the change that causes the email. */
export type OutboxWriter = Db | Tx;

/** Sends an email gets at most; after the last failure it stays in the outbox, unsent, with its error. */
export const MAX_SEND_ATTEMPTS = 6;
/** The first retry waits this long; each further one twice as long as the one before (1, 2, 4, 8, 16 min). */
export const RETRY_BASE_MS = 60_000;
/**
 * How long a claimed email is reserved for the sender that claimed it. A sender that dies
 * mid-send leaves it to be claimed again after this; its attempt still counts.
 */
export const CLAIM_LEASE_MS = 15 * 60_000;
const MAX_ERROR_LENGTH = 1_000;
const MAX_RECIPIENT_LENGTH = 320;

/** One address, no display name, no whitespace or control characters (nothing that could add a header). */
const RECIPIENT = /^[^\s@<>",;]+@[^\s@<>",;]+$/;

/**
 * Writes an email to the outbox and returns its id. Pass the transaction of the change that
 * causes the email (a reset request, a sign-up, an order), so the email exists exactly when
 * that change committed; the dispatcher sends it afterwards.
 */
export async function enqueueEmail(tx: OutboxWriter, message: OutgoingEmail): Promise<number> {
  const recipient = message.recipient.trim();
  if (recipient.length > MAX_RECIPIENT_LENGTH || !RECIPIENT.test(recipient)) {
    throw new DomainError('INVALID_DATA', 'An email needs one valid recipient address.', 'INVALID_EMAIL');
  }
  if (!(EMAIL_KINDS as readonly string[]).includes(message.kind)) {
    throw new DomainError('INVALID_DATA', `Unknown email kind "${message.kind}".`);
  }
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      kind: message.kind,
      recipient,
      // A subject is one header line.
      subject: message.subject.replace(/[\r\n]+/g, ' ').trim(),
      text: message.text,
      html: message.html,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/** The delay before the next attempt of an email that has failed `attempts` times. */
export function retryDelayMs(attempts: number): number {
  return RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1);
}

export interface OutboxServiceOptions {
  /** The clock (tests move it); by default the database's, so that every instance shares one clock. */
  now?: () => Date;
}

const summaryColumns = {
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  recipient: emailOutbox.recipient,
  subject: emailOutbox.subject,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
  attempts: emailOutbox.attempts,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  lastError: emailOutbox.lastError,
};

/** The outbox service (outbox-contract.ts) over the `email_outbox` table. */
export function createOutboxService(db: Db, options: OutboxServiceOptions = {}): OutboxService {
  /** The current time as SQL: the given clock's, or the database's. */
  const now = (): SQL => {
    const at = options.now?.();
    return at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  };
  /** `now()` plus a duration in milliseconds (an SQL expression, e.g. one reading the row). */
  const later = (milliseconds: SQL | number): SQL =>
    sql`${now()} + (${milliseconds})::double precision * interval '1 millisecond'`;

  return {
    /** The newest emails first, without their bodies. */
    async listRecent(limit = 100): Promise<OutboxEmailSummary[]> {
      return db
        .select(summaryColumns)
        .from(emailOutbox)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(Math.max(1, Math.min(limit, 1_000)));
    },

    async get(id: number): Promise<OutboxEmail | null> {
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      return row ?? null;
    },

    /** The newest email to an address (compared without case), for browser tests reading reset links. */
    async latestFor(recipient: string): Promise<OutboxEmail | null> {
      const [row] = await db
        .select()
        .from(emailOutbox)
        .where(eq(sql`lower(${emailOutbox.recipient})`, recipient.trim().toLowerCase()))
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Reserves up to `limit` unsent emails that are due, oldest first, and counts the attempt.
     * Concurrent senders (several processes) never claim the same email: rows another
     * claim holds are skipped, and a claimed email is not due again until the lease ends.
     */
    async claimDue(limit = 10): Promise<OutboxEmail[]> {
      return db.transaction(async (tx) => {
        const due = tx
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(
            and(
              isNull(emailOutbox.sentAt),
              lte(emailOutbox.nextAttemptAt, now()),
              lt(emailOutbox.attempts, MAX_SEND_ATTEMPTS),
            ),
          )
          .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
          .limit(Math.max(1, limit))
          .for('update', { skipLocked: true });
        const claimed = await tx
          .update(emailOutbox)
          .set({
            attempts: sql`${emailOutbox.attempts} + 1`,
            nextAttemptAt: later(CLAIM_LEASE_MS),
          })
          .where(inArray(emailOutbox.id, due))
          .returning();
        return claimed.sort((a, b) => a.id - b.id);
      });
    },

    async markSent(id: number): Promise<void> {
      await db
        .update(emailOutbox)
        .set({ sentAt: now(), lastError: null })
        .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.sentAt)));
    },

    /**
     * Records a failed send and schedules the next attempt: 1 minute after the first failure,
     * doubling each time; after MAX_SEND_ATTEMPTS the email is no longer claimed.
     */
    async markFailed(id: number, error: string): Promise<void> {
      await db
        .update(emailOutbox)
        .set({
          lastError: error.slice(0, MAX_ERROR_LENGTH),
          // attempts already counts this failed one (claimDue added it).
          nextAttemptAt: later(
            sql`${RETRY_BASE_MS}::double precision * power(2, greatest(${emailOutbox.attempts} - 1, 0))`,
          ),
        })
        .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.sentAt)));
    },
  };
}
