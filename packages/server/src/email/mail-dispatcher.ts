import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { createOutboxService, type OutboxService } from '@piste/commerce/server';
import type { Db } from '@piste/db';

/** What the dispatcher needs of a nodemailer transporter (tests pass a fake). */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html: string }): Promise<unknown>;
  close?(): void;
}

export interface MailDispatcherOptions {
  db: Db;
  /** `SMTP_URL`; unset (and no `transport`), the dispatcher does nothing and emails stay in the outbox. */
  smtpUrl?: string;
  /** `MAIL_FROM`. */
  from: string;
  logger: FastifyBaseLogger;
  /** Sends instead of an SMTP transport built from `smtpUrl` (tests). */
  transport?: MailTransport;
  /** The outbox to work through; built from `db` when not given. */
  outbox?: OutboxService;
  /** Pause between runs; 5 seconds by default. */
  intervalMs?: number;
  /** Emails claimed per run. */
  batchSize?: number;
}

export interface MailDispatcher {
  /** Whether emails are sent at all (SMTP_URL set). */
  readonly enabled: boolean;
  /** Runs now and then every `intervalMs` after the previous run ends; the timer never keeps the process alive. */
  start(): void;
  /** No further runs; waits for a run in progress, then closes the transport. */
  stop(): Promise<void>;
  /** One run: claims due emails and sends them; a run already in progress is joined, never overlapped. */
  runOnce(): Promise<{ sent: number; failed: number }>;
}

/** An SMTP transport with timeouts well inside the outbox's claim lease. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/**
 * Delivers the email outbox (docs/email.md): every few seconds claims due emails, sends each
 * through SMTP, and marks it sent or failed (retried later with backoff by the outbox).
 */
export function createMailDispatcher(options: MailDispatcherOptions): MailDispatcher {
  const log = options.logger.child({ component: 'mail-dispatcher' });
  const transport = options.transport ?? (options.smtpUrl ? createSmtpTransport(options.smtpUrl) : null);
  const outbox = options.outbox ?? createOutboxService(options.db);
  const intervalMs = options.intervalMs ?? 5_000;
  const batchSize = options.batchSize ?? 10;

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<{ sent: number; failed: number }> | null = null;
  let started = false;
  let stopped = false;

  async function work(send: MailTransport): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    let claimed: Awaited<ReturnType<OutboxService['claimDue']>>;
    try {
      claimed = await outbox.claimDue(batchSize);
    } catch (error) {
      log.warn({ err: error }, 'could not read the email outbox');
      return result;
    }
    for (const email of claimed) {
      try {
        await send.sendMail({
          from: options.from,
          to: email.recipient,
          subject: email.subject,
          text: email.text,
          html: email.html,
        });
      } catch (error) {
        result.failed++;
        log.warn(
          { emailId: email.id, kind: email.kind, attempt: email.attempts, err: error },
          'sending an email failed',
        );
        await outbox
          .markFailed(email.id, describeError(error))
          .catch((markError: unknown) =>
            log.error({ emailId: email.id, err: markError }, 'could not record a failed send'),
          );
        continue;
      }
      result.sent++;
      log.info({ emailId: email.id, kind: email.kind }, 'email sent');
      // A send that is not recorded is sent again once the claim lapses (at least once).
      await outbox
        .markSent(email.id)
        .catch((markError: unknown) =>
          log.error({ emailId: email.id, err: markError }, 'could not record a sent email'),
        );
    }
    return result;
  }

  function runOnce(): Promise<{ sent: number; failed: number }> {
    if (!transport || stopped) return Promise.resolve({ sent: 0, failed: 0 });
    running ??= work(transport).finally(() => {
      running = null;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      void runOnce().finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    enabled: transport !== null,
    start() {
      if (started || stopped) return;
      started = true;
      if (!transport) {
        log.info('SMTP_URL is not set: emails stay in the outbox');
        return;
      }
      log.info({ intervalMs }, 'sending the email outbox through SMTP');
      void runOnce().finally(schedule);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
      transport?.close?.();
    },
    runOnce,
  };
}
