import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@piste/db';
import { passwordResetUrl } from '../notifications/index';
import { customers, passwordResets } from '../schema/index';
import { PASSWORD_RESET_TTL_MINUTES, type PasswordResets } from './customer-contract';
import type { CustomerRecords } from './customer-records';
import { queuePasswordResetEmail } from './password-reset-email';
import { newPasswordRefused, resetTokenInvalid } from './customer-refusals';
import { passwordProblem } from './password-policy';
import { hashPassword } from './passwords.server';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** No customer has it (ids start at 1): what a rehearsed password reset locks and clears. */
const NO_CUSTOMER_ID = 0;

/** Password resets of the embedded customer service: the store keeps only a token's hash. */
export function createPasswordResets(
  db: Db,
  records: CustomerRecords,
  options: { publicUrl: string; now: () => Date },
): PasswordResets {
  const { endPendingResets, lockCustomer } = records;
  const { now } = options;

  return {
    /**
     * Starts a password reset: a single-use token valid for an hour (earlier unused ones stop
     * working). Null when no account has the email; callers answer the same either way.
     */
    async createPasswordReset(email: string, locale: string): Promise<{ customerId: number; token: string } | null> {
      const address = email.trim().toLowerCase();
      const [row] = await db.select().from(customers).where(eq(customers.email, address));
      // Hex, not base64url: the token travels in a link, and base64url can spell the blocklist's `wp-`.
      const token = randomBytes(32).toString('hex');
      const resetUrl = passwordResetUrl({ baseUrl: options.publicUrl, locale, token });
      // An email without an account is rehearsed with a customer id nobody has (password-reset-email.ts).
      const customerId = row?.id ?? NO_CUSTOMER_ID;
      await queuePasswordResetEmail(
        db,
        { recipient: address, locale, firstName: row?.firstName ?? '', resetUrl },
        {
          rehearsal: !row,
          async before(tx) {
            // Requests at once take turns, so each one's newer link ends the one before.
            await lockCustomer(tx, customerId);
            await endPendingResets(tx, customerId);
            if (row) {
              await tx.insert(passwordResets).values({
                tokenHash: hashToken(token),
                customerId,
                expiresAt: new Date(now().getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
              });
            }
          },
        },
      );
      return row ? { customerId, token } : null;
    },

    /** Whether a reset token can still be used (the reset form checks before asking for a password). */
    async passwordResetUsable(token: string): Promise<boolean> {
      const [row] = await db
        .select({ customerId: passwordResets.customerId })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now()),
          ),
        );
      return row !== undefined;
    },

    /** Sets a new password with a reset token, once; returns the customer so callers can end their other sessions. */
    async resetPassword(token: string, newPassword: string): Promise<number> {
      const [pending] = await db
        .select({ customerId: passwordResets.customerId, email: customers.email })
        .from(passwordResets)
        .innerJoin(customers, eq(customers.id, passwordResets.customerId))
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now()),
          ),
        );
      if (!pending) throw resetTokenInvalid();
      const problem = passwordProblem(newPassword, pending.email);
      if (problem) throw newPasswordRefused(problem);
      const passwordHash = await hashPassword(newPassword);
      return db.transaction(async (tx) => {
        // Claiming the token and changing the password commit together; a second use finds it used.
        const claimed = await tx
          .update(passwordResets)
          .set({ usedAt: now() })
          .where(
            and(
              eq(passwordResets.tokenHash, hashToken(token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, now()),
            ),
          )
          .returning({ customerId: passwordResets.customerId });
        if (claimed.length === 0) throw resetTokenInvalid();
        await endPendingResets(tx, pending.customerId);
        await tx
          .update(customers)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(customers.id, pending.customerId));
        return pending.customerId;
      });
    },
  };
}
