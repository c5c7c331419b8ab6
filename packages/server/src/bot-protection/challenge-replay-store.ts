import { inArray, lte } from 'drizzle-orm';
import type { Db } from '@piste/db';
import { botChallengeUses } from '../schema/index';

/** Expired rows one `claim` sweeps: enough to keep up, never a long statement. */
const EXPIRED_ROWS_PER_CLAIM = 100;

/** Remembers answered challenges so each is accepted once, across every server instance. */
export interface ChallengeReplayStore {
  /** True the first time a challenge id is claimed, false ever after (until it expires). */
  claim(challengeId: string, expiresAt: Date): Promise<boolean>;
}

/** The `bot_challenge_uses` table: the primary key makes a second claim of one id fail atomically. */
export function createChallengeReplayStore(db: Db, now: () => Date = () => new Date()): ChallengeReplayStore {
  return {
    async claim(challengeId, expiresAt) {
      const expired = db
        .select({ id: botChallengeUses.challengeId })
        .from(botChallengeUses)
        .where(lte(botChallengeUses.expiresAt, now()))
        .limit(EXPIRED_ROWS_PER_CLAIM);
      await db.delete(botChallengeUses).where(inArray(botChallengeUses.challengeId, expired));
      const inserted = await db
        .insert(botChallengeUses)
        .values({ challengeId, expiresAt })
        .onConflictDoNothing()
        .returning({ id: botChallengeUses.challengeId });
      return inserted.length === 1;
    },
  };
}
