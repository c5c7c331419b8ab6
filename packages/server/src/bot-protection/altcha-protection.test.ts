import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDomainError } from '@piste/core';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { createAltchaProtection } from './altcha-protection';
import { solvedToken } from '../../test/support/bot-token';
import { createChallengeReplayStore } from './challenge-replay-store';

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (isDomainError(error, 'NOT_ALLOWED') ? error.code : String(error)),
  );

describe.each(testDatabaseKinds())('the ALTCHA bot check on $name', (kind) => {
  let testDatabase: TestDatabase;
  let altcha: ReturnType<typeof createAltchaProtection>;
  const IP = '203.0.113.7';

  beforeAll(async () => {
    testDatabase = await kind.create();
    altcha = createAltchaProtection({
      secret: 'a test secret that is long enough to sign',
      cost: 1,
      maxCounter: 20,
      replays: createChallengeReplayStore(testDatabase.database.db),
      challengeUrl: '/api/bot-protection/challenge',
    });
  });
  afterAll(() => testDatabase.dispose());

  it('accepts a solved challenge once, for its own action only', async () => {
    const token = await solvedToken(await altcha.challenge('login'));
    expect(await refusal(altcha.assertHuman('signup', token, IP))).toBe('BOT_CHECK_FAILED');
    expect(await refusal(altcha.assertHuman('login', token, IP))).toBe('accepted');
    // A replay of the same answer, even at once, is refused.
    expect(await refusal(altcha.assertHuman('login', token, IP))).toBe('BOT_CHECK_FAILED');
  });

  it('accepts each of many parallel submissions of one answer exactly once', async () => {
    const token = await solvedToken(await altcha.challenge('checkout'));
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => refusal(altcha.assertHuman('checkout', token, IP))),
    );
    expect(outcomes.filter((outcome) => outcome === 'accepted')).toHaveLength(1);
  });

  it('refuses a wrong answer, a forged challenge and an expired one', async () => {
    const challenge = await altcha.challenge('email_signup');
    const solution = await solveChallenge({ challenge, deriveKey });
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    // The derived key is the proof of the work; one changed digit is a guess.
    const key = solution!.derivedKey;
    const guessed = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    const wrong = encode({ challenge, solution: { ...solution, derivedKey: guessed } });
    expect(await refusal(altcha.assertHuman('email_signup', wrong, IP))).toBe('BOT_CHECK_FAILED');

    const forged = structuredClone(challenge);
    forged.parameters.data = { action: 'email_signup', extra: 'x' };
    expect(await refusal(altcha.assertHuman('email_signup', encode({ challenge: forged, solution }), IP))).toBe(
      'BOT_CHECK_FAILED',
    );

    const stale = createAltchaProtection({
      secret: 'a test secret that is long enough to sign',
      cost: 1,
      maxCounter: 20,
      replays: createChallengeReplayStore(testDatabase.database.db),
      challengeUrl: '/c',
      now: () => new Date(Date.now() - 60 * 60 * 1000),
    });
    const expired = await solvedToken(await stale.challenge('login'));
    expect(await refusal(altcha.assertHuman('login', expired, IP))).toBe('BOT_CHECK_FAILED');
  });

  it('refuses a challenge signed with another secret', async () => {
    const other = createAltchaProtection({
      secret: 'another secret that is long enough to sign',
      cost: 1,
      maxCounter: 20,
      replays: createChallengeReplayStore(testDatabase.database.db),
      challengeUrl: '/c',
    });
    const token = await solvedToken(await other.challenge('login'));
    expect(await refusal(altcha.assertHuman('login', token, IP))).toBe('BOT_CHECK_FAILED');
  });

  it.each([
    ['no token', null],
    ['an empty token', ''],
    ['text that is not base64 JSON', 'not a token at all'],
    ['base64 of text', Buffer.from('hello').toString('base64')],
    ['a JSON array', Buffer.from('[1,2,3]').toString('base64')],
    ['prototype-polluting keys', Buffer.from('{"__proto__":{"verified":true},"challenge":{}}').toString('base64')],
    ['a huge token', 'A'.repeat(100_000)],
  ])('refuses %s without an error of its own', async (_name, token) => {
    expect(await refusal(altcha.assertHuman('login', token, IP))).toBe('BOT_CHECK_FAILED');
  });
});
