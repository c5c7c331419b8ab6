import type { emailOutbox } from '../schema/index';

/** A stored email as the outbox service returns it. */
export type OutboxEmail = typeof emailOutbox.$inferSelect;
/** A row of the mail viewer's list: everything but the bodies. */
export type OutboxEmailSummary = Omit<OutboxEmail, 'text' | 'html'>;

/**
 * Reading the outbox (the mail viewer) and working through it (the dispatcher), docs/email.md.
 * Delivery is at least once: an email sent but not marked (the database failing right after the
 * send) is sent again once its claim lapses. The embedded implementation is `createOutboxService`.
 */
export interface OutboxService {
  /** The newest emails first, without their bodies. */
  listRecent(limit?: number): Promise<OutboxEmailSummary[]>;
  get(id: number): Promise<OutboxEmail | null>;
  /** The newest email to an address (compared without case), for browser tests reading reset links. */
  latestFor(recipient: string): Promise<OutboxEmail | null>;
  /**
   * Reserves up to `limit` unsent emails that are due, oldest first, and counts the attempt.
   * Concurrent senders never claim the same email.
   */
  claimDue(limit?: number): Promise<OutboxEmail[]>;
  markSent(id: number): Promise<void>;
  /** Records a failed send and schedules the next attempt (doubling delays, at most MAX_SEND_ATTEMPTS). */
  markFailed(id: number, error: string): Promise<void>;
}
