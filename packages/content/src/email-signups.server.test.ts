import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { createEmailSignupService, EMAIL_MAX_LENGTH, parseEmailSignup } from './email-signups.server';
import { emailSubscriptions } from './schema/email-subscriptions';

const LISTS = ['pro-news', 'newsletter'];

describe('parseEmailSignup', () => {
  const valid = { email: '  Rider@Example.COM ', consent: 'yes', lists: ['newsletter'] };

  it('accepts a deliverable address, ticked consent and known lists, and normalises the address', () => {
    expect(parseEmailSignup(valid, LISTS)).toEqual({ ok: true, email: 'rider@example.com', listIds: ['newsletter'] });
    expect(parseEmailSignup({ ...valid, lists: ['pro-news', 'newsletter'] }, LISTS)).toMatchObject({
      ok: true,
      listIds: ['pro-news', 'newsletter'],
    });
  });

  it.each([
    ['a malformed address', { email: 'not-an-email' }, 'invalid-email'],
    ['no address', { email: null }, 'invalid-email'],
    ['an address that is too long', { email: `${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com` }, 'invalid-email'],
    ['a file instead of text', { email: new Blob(['x']) }, 'invalid-email'],
    ['no consent', { consent: null }, 'consent-required'],
    ['consent with another value', { consent: 'on' }, 'consent-required'],
    ['no list', { lists: [] }, 'invalid-list'],
    ['a list of another region', { lists: ['wholesale'] }, 'invalid-list'],
    ['the same list twice', { lists: ['newsletter', 'newsletter'] }, 'invalid-list'],
  ])('refuses %s', (_case, change, problem) => {
    expect(parseEmailSignup({ ...valid, ...change }, LISTS)).toEqual({ ok: false, problem });
  });

  it('names the first problem in the form’s order', () => {
    expect(parseEmailSignup({ email: 'nope', consent: null, lists: [] }, LISTS)).toEqual({
      ok: false,
      problem: 'invalid-email',
    });
  });
});

describe.each(testDatabaseKinds())('email signup service on $name', ({ create }) => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await create();
  });
  afterAll(() => testDatabase.dispose());

  const subscription = {
    email: 'rider@example.com',
    listIds: ['newsletter'],
    locale: 'en-ca',
    region: 'ca',
    consentText: 'By subscribing you consent to receive marketing emails from Piste Gear Canada Ltd.',
  };

  it('stores the consent per list and answers a second signup as already subscribed', async () => {
    const service = createEmailSignupService(testDatabase.database.db);
    const consentedAt = new Date('2025-11-21T10:00:00Z');
    expect(await service.subscribe(subscription, consentedAt)).toBe('subscribed');
    expect(await service.subscribe({ ...subscription, consentText: 'A later text' })).toBe('already-subscribed');

    const rows = await testDatabase.database.db.select().from(emailSubscriptions);
    expect(rows).toEqual([
      expect.objectContaining({
        email: 'rider@example.com',
        listId: 'newsletter',
        locale: 'en-ca',
        region: 'ca',
        consentText: subscription.consentText,
        consentedAt,
      }),
    ]);
  });

  it('adds only the lists an address is not on yet, and takes two signups at once', async () => {
    const service = createEmailSignupService(testDatabase.database.db);
    const both = { ...subscription, email: 'pro@example.com', listIds: ['pro-news', 'newsletter'] };
    expect(await service.subscribe({ ...both, listIds: ['newsletter'] })).toBe('subscribed');
    const answers = await Promise.all([service.subscribe(both), service.subscribe(both)]);
    expect(answers.sort()).toEqual(['already-subscribed', 'subscribed']);

    const rows = await testDatabase.database.db.select().from(emailSubscriptions);
    expect(
      rows
        .filter((row) => row.email === 'pro@example.com')
        .map((row) => row.listId)
        .sort(),
    ).toEqual(['newsletter', 'pro-news']);
  });
});
