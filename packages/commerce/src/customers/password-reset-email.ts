import type { Db } from '@piste/db';
import { enqueueEmail, passwordResetEmail, type OutboxWriter } from '../notifications/index';
import { PASSWORD_RESET_TTL_MINUTES } from './customer-contract';

/** Thrown to undo a rehearsed reset email, for an email without an account. */
class ResetRehearsal extends Error {}

/**
 * Queues the password reset email in one transaction with the provider's own writes (`before`).
 * For an email without an account (`rehearsal`) the same statements run and are then undone, so
 * the time the request takes does not tell whether the email has an account (docs/security.md
 * 'Password reset').
 */
export async function queuePasswordResetEmail(
  db: Db,
  email: { recipient: string; locale: string; firstName: string; resetUrl: string },
  options: { rehearsal: boolean; before?: (tx: OutboxWriter) => Promise<void> },
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await options.before?.(tx);
      await enqueueEmail(tx, {
        kind: 'password_reset',
        recipient: email.recipient,
        ...passwordResetEmail({
          locale: email.locale,
          firstName: email.firstName,
          resetUrl: email.resetUrl,
          expiresInMinutes: PASSWORD_RESET_TTL_MINUTES,
        }),
      });
      if (options.rehearsal) throw new ResetRehearsal();
    });
  } catch (error) {
    if (!(error instanceof ResetRehearsal)) throw error;
  }
}
