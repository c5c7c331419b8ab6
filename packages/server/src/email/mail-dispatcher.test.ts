import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commerceSchema, createOutboxService, enqueueEmail, type OutgoingEmail } from '@piste/commerce/server';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { createMailDispatcher, type MailTransport } from './mail-dispatcher';

/** Fastify's silent logger. */
const logger = Fastify({ logger: false }).log;

const email = (overrides: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  kind: 'order_confirmation',
  recipient: 'tessa@example.com',
  subject: 'Your Piste order 100001',
  text: 'Thanks',
  html: '<p>Thanks</p>',
  ...overrides,
});

type Sent = Parameters<MailTransport['sendMail']>[0];

/** A nodemailer-like transport that records what it sends, and fails for recipients listed in `failFor`. */
function fakeTransport(failFor: string[] = []) {
  const sent: Sent[] = [];
  let closed = false;
  const transport: MailTransport = {
    async sendMail(message) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failFor.includes(message.to)) throw Object.assign(new Error('Connection refused'), { code: 'ECONNREFUSED' });
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    },
    close() {
      closed = true;
    },
  };
  return { transport, sent, isClosed: () => closed };
}

describe.each(testDatabaseKinds())('mail dispatcher on $name', (kind) => {
  let testDatabase: TestDatabase;
  let clock: Date;
  const outbox = () => createOutboxService(testDatabase.database.db, { now: () => clock });

  beforeAll(async () => {
    testDatabase = await kind.create();
  });
  afterAll(() => testDatabase.dispose());
  beforeEach(async () => {
    await testDatabase.database.db.delete(commerceSchema.emailOutbox);
    clock = new Date(Date.now() + 1_000);
  });

  it('sends due mail once, from MAIL_FROM, and marks it sent', async () => {
    const db = testDatabase.database.db;
    const id = await enqueueEmail(db, email());
    const fake = fakeTransport();
    const dispatcher = createMailDispatcher({
      db,
      from: 'Piste <shop@piste.invalid>',
      logger,
      transport: fake.transport,
      outbox: outbox(),
    });
    expect(dispatcher.enabled).toBe(true);

    // Overlapping calls join the run in progress instead of sending twice.
    const [first, second] = await Promise.all([dispatcher.runOnce(), dispatcher.runOnce()]);
    expect(first).toEqual({ sent: 1, failed: 0 });
    expect(second).toBe(first);
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 0 });

    expect(fake.sent).toEqual([
      {
        from: 'Piste <shop@piste.invalid>',
        to: 'tessa@example.com',
        subject: 'Your Piste order 100001',
        text: 'Thanks',
        html: '<p>Thanks</p>',
      },
    ]);
    const row = await outbox().get(id);
    expect(row?.sentAt).not.toBeNull();
    expect(row?.attempts).toBe(1);

    await dispatcher.stop();
    expect(fake.isClosed()).toBe(true);
  });

  it('records a failed send and schedules a retry, which then succeeds', async () => {
    const db = testDatabase.database.db;
    const failing = await enqueueEmail(db, email({ recipient: 'down@example.com' }));
    const fine = await enqueueEmail(db, email({ recipient: 'up@example.com' }));
    const failFor = ['down@example.com'];
    const fake = fakeTransport(failFor);
    const dispatcher = createMailDispatcher({
      db,
      from: 'shop@piste.invalid',
      logger,
      transport: fake.transport,
      outbox: outbox(),
    });

    expect(await dispatcher.runOnce()).toEqual({ sent: 1, failed: 1 });
    expect(fake.sent.map((message) => message.to)).toEqual(['up@example.com']);
    expect((await outbox().get(fine))?.sentAt).not.toBeNull();
    const failed = await outbox().get(failing);
    expect(failed).toMatchObject({ sentAt: null, attempts: 1, lastError: 'ECONNREFUSED: Connection refused' });
    expect(failed!.nextAttemptAt.getTime()).toBe(clock.getTime() + 60_000);

    // Not before the backoff is over.
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 0 });
    failFor.length = 0;
    clock = new Date(clock.getTime() + 60_000);
    expect(await dispatcher.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await outbox().get(failing)).toMatchObject({ attempts: 2, lastError: null });
    await dispatcher.stop();
  });

  it('works on a timer once started, and stops cleanly', async () => {
    const db = testDatabase.database.db;
    const fake = fakeTransport();
    const dispatcher = createMailDispatcher({
      db,
      from: 'shop@piste.invalid',
      logger,
      transport: fake.transport,
      outbox: outbox(),
      intervalMs: 20,
    });
    dispatcher.start();
    await enqueueEmail(db, email({ recipient: 'a@example.com' }));
    await expect.poll(() => fake.sent.length, { timeout: 5_000 }).toBe(1);
    await enqueueEmail(db, email({ recipient: 'b@example.com' }));
    await expect.poll(() => fake.sent.length, { timeout: 5_000 }).toBe(2);
    await dispatcher.stop();
    await enqueueEmail(db, email({ recipient: 'c@example.com' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.sent.map((message) => message.to)).toEqual(['a@example.com', 'b@example.com']);
  });

  it('does nothing without SMTP_URL: emails stay in the outbox', async () => {
    const db = testDatabase.database.db;
    const id = await enqueueEmail(db, email());
    const dispatcher = createMailDispatcher({ db, from: 'shop@piste.invalid', logger, outbox: outbox() });
    expect(dispatcher.enabled).toBe(false);
    dispatcher.start();
    expect(await dispatcher.runOnce()).toEqual({ sent: 0, failed: 0 });
    await dispatcher.stop();
    expect(await outbox().get(id)).toMatchObject({ sentAt: null, attempts: 0 });
  });

  it('builds an SMTP transport from SMTP_URL', async () => {
    const dispatcher = createMailDispatcher({
      db: testDatabase.database.db,
      smtpUrl: 'smtp://user:pass@127.0.0.1:2525',
      from: 'shop@piste.invalid',
      logger,
    });
    expect(dispatcher.enabled).toBe(true);
    await dispatcher.stop();
  });
});
