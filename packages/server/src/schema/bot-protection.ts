import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Bot-protection challenges already answered (decisions/013-bot-protection.md): a solved proof of work is accepted
 * once. Rows outlive their challenge's expiry only until the next insert sweeps them.
 */
export const botChallengeUses = pgTable(
  'bot_challenge_uses',
  {
    challengeId: text('challenge_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('bot_challenge_uses_expires_idx').on(table.expiresAt)],
);
