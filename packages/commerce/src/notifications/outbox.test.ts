import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { DomainError } from '@piste/core';
import {
  CLAIM_LEASE_MS,
  createOutboxService,
  enqueueEmail,
  MAX_SEND_ATTEMPTS,
  retryDelayMs,
  type OutgoingEmail,
} from './outbox';
import * as schema from '../schema/index';

const MINUTE = 60_000;

const email = (overrides: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  kind: 'password_reset',
  recipient: 'tessa@example.com',
  subject: 'Reset your Piste password',
  text: 'text',
  html: '<p>html</p>',
  ...overrides,
});

describe('retryDelayMs', () => {
  it('waits 1, 2, 4, 8 and 16 minutes after the first five failures', () => {
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts) / MINUTE)).toEqual([1, 2, 4, 8, 16]);
  });
});

describe.each(testDatabaseKinds())('email outbox on $name', (kind) => {
  let testDatabase: TestDatabase;
  let clock: Date;
  const outbox = () => createOutboxService(testDatabase.database.db, { now: () => clock });

  beforeAll(async () => {
    testDatabase = await kind.create();
  });
  afterAll(() => testDatabase.dispose());
  beforeEach(async () => {
    await testDatabase.database.db.delete(schema.emailOutbox);
    // Ahead of the database clock, so emails it just stamped are due.
    clock = new Date(Date.now() + 1_000);
  });

  it('stores an email within the caller’s transaction, and not when it rolls back', async () => {
    const db = testDatabase.database.db;
    const id = await db.transaction((tx) => enqueueEmail(tx, email({ subject: 'Kept\r\nBcc: evil@example.com' })));
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, email({ subject: 'Rolled back' }));
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');

    const list = await outbox().listRecent(100);
    expect(list.map((row) => row.subject)).toEqual(['Kept Bcc: evil@example.com']);
    expect(list[0]).toMatchObject({
      id,
      kind: 'password_reset',
      recipient: 'tessa@example.com',
      sentAt: null,
      attempts: 0,
    });
    expect(list[0]).not.toHaveProperty('html');
    expect(await outbox().get(id)).toMatchObject({ id, text: 'text', html: '<p>html</p>' });
    expect(await outbox().get(id + 1000)).toBeNull();
    expect(await outbox().get(Number.NaN)).toBeNull();
  });

  it('refuses a recipient that is not one address', async () => {
    const db = testDatabase.database.db;
    for (const recipient of ['no-at-sign', 'a@b.c, d@e.f', 'a@b.c\r\nBcc: x@y.z', 'Name <a@b.c>']) {
      await expect(enqueueEmail(db, email({ recipient }))).rejects.toBeInstanceOf(DomainError);
    }
  });

  it('lists newest first and finds the newest email to an address', async () => {
    const db = testDatabase.database.db;
    const first = await enqueueEmail(db, email({ recipient: 'Ann@Example.com', subject: 'one' }));
    const second = await enqueueEmail(db, email({ recipient: 'ann@example.com', subject: 'two' }));
    await enqueueEmail(db, email({ recipient: 'bob@example.com', subject: 'three' }));
    expect((await outbox().listRecent(2)).map((row) => row.subject)).toEqual(['three', 'two']);
    expect((await outbox().latestFor('ANN@example.com'))?.id).toBe(second);
    expect(first).toBeLessThan(second);
    expect(await outbox().latestFor('nobody@example.com')).toBeNull();
  });

  it('claims due emails once, and marks them sent', async () => {
    const db = testDatabase.database.db;
    const a = await enqueueEmail(db, email({ subject: 'a' }));
    const b = await enqueueEmail(db, email({ subject: 'b' }));
    const c = await enqueueEmail(db, email({ subject: 'c' }));

    const claimed = await outbox().claimDue(2);
    expect(claimed.map((row) => row.id)).toEqual([a, b]);
    expect(claimed.every((row) => row.attempts === 1)).toBe(true);
    // Claimed ones are reserved; the next claim gets only the rest.
    expect((await outbox().claimDue(10)).map((row) => row.id)).toEqual([c]);
    expect(await outbox().claimDue(10)).toEqual([]);

    await outbox().markSent(a);
    const sent = await outbox().get(a);
    expect(sent?.sentAt?.getTime()).toBe(clock.getTime());
    // A sent email is never claimed again, even when its lease is long over.
    clock = new Date(clock.getTime() + 60 * MINUTE);
    expect((await outbox().claimDue(10)).map((row) => row.id)).toEqual([b, c]);
  });

  it('retries a failed send with exponential backoff, and gives up after the last attempt', async () => {
    const db = testDatabase.database.db;
    const id = await enqueueEmail(db, email());
    const start = clock.getTime();

    for (let attempt = 1; attempt <= MAX_SEND_ATTEMPTS; attempt++) {
      const [claimed] = await outbox().claimDue(10);
      expect(claimed?.id).toBe(id);
      expect(claimed?.attempts).toBe(attempt);
      await outbox().markFailed(id, `connection refused ${attempt}`);

      const row = await outbox().get(id);
      expect(row?.lastError).toBe(`connection refused ${attempt}`);
      expect(row?.sentAt).toBeNull();
      expect(row!.nextAttemptAt.getTime() - clock.getTime()).toBe(retryDelayMs(attempt));
      // Not due before the backoff is over.
      clock = new Date(clock.getTime() + retryDelayMs(attempt) - 1_000);
      expect(await outbox().claimDue(10)).toEqual([]);
      clock = new Date(clock.getTime() + 1_000);
    }

    expect(clock.getTime() - start).toBe((1 + 2 + 4 + 8 + 16 + 32) * MINUTE);
    clock = new Date(clock.getTime() + 24 * 60 * MINUTE);
    expect(await outbox().claimDue(10)).toEqual([]);
    const [row] = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, id));
    expect(row).toMatchObject({ attempts: MAX_SEND_ATTEMPTS, sentAt: null, lastError: 'connection refused 6' });
  });

  it('uses the database clock by default', async () => {
    const db = testDatabase.database.db;
    const id = await enqueueEmail(db, email());
    const service = createOutboxService(db);
    const [claimed] = await service.claimDue(10);
    expect(claimed?.id).toBe(id);
    const leaseMs = claimed!.nextAttemptAt.getTime() - claimed!.createdAt.getTime();
    expect(leaseMs).toBeGreaterThanOrEqual(CLAIM_LEASE_MS);
    expect(leaseMs).toBeLessThan(CLAIM_LEASE_MS + 60_000);
    await service.markFailed(id, 'timeout');
    const failed = await service.get(id);
    const delayMs = failed!.nextAttemptAt.getTime() - Date.now();
    expect(delayMs).toBeGreaterThan(MINUTE - 10_000);
    expect(delayMs).toBeLessThanOrEqual(MINUTE + 10_000);
  });

  it('never hands one email to two concurrent claims', async () => {
    const db = testDatabase.database.db;
    const ids = [];
    for (let n = 0; n < 12; n++) ids.push(await enqueueEmail(db, email({ subject: `n${n}` })));
    const batches = await Promise.all([1, 2, 3, 4].map(() => outbox().claimDue(5)));
    const claimed = batches.flat().map((row) => row.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort((a, b) => a - b)).toEqual(ids);
  });

  it('keeps a long error short', async () => {
    const id = await enqueueEmail(testDatabase.database.db, email());
    await outbox().claimDue(1);
    await outbox().markFailed(id, 'x'.repeat(5_000));
    expect((await outbox().get(id))?.lastError).toHaveLength(1_000);
  });
});
