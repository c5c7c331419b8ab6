import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { testPaymentIntents, testPaymentRefunds } from '../../schema/index';
import type { PaymentEvent, PaymentIntent, PaymentIntentStatus, PaymentProvider } from '../payment-contract';
import { checkCard, outcomeOfToken, type CardOutcome } from './test-card-checks';
import type { TestPaymentGateway } from './test-gateway-contract';
import { signWebhook, TEST_SIGNATURE_HEADER, verifyWebhookSignature } from './test-webhook-signature';

/** A webhook delivery the test provider has signed, ready to be POSTed to the shop. */
export interface SignedWebhookDelivery {
  eventId: string;
  body: string;
  headers: Record<string, string>;
}

export interface TestPaymentProviderOptions {
  /** TEST_PAYMENTS_WEBHOOK_SECRET: signs the deliveries and verifies them. */
  webhookSecret: string;
  /** The provider's own origin (TEST_PAYMENTS_URL), where its card element lives. */
  testPaymentsUrl: string;
  /**
   * Sends a delivery to the shop's `/api/webhooks/payments`; it never throws into the call that
   * changed the intent (a failed delivery is the sender's to log and retry).
   */
  deliver?: (delivery: SignedWebhookDelivery) => void;
  now?: () => Date;
}

/** The test provider: the port our shop uses, and the confirmation side its own pages and tests use. */
export type TestPayments = PaymentProvider & TestPaymentGateway;

type IntentRow = typeof testPaymentIntents.$inferSelect;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
/** Stripe's shape: the intent's id, then a random part nobody can guess. */
const newClientSecret = (intentId: string) => `${intentId}_secret_${randomBytes(24).toString('base64url')}`;

function toIntent(row: IntentRow, clientSecret = ''): PaymentIntent {
  return {
    id: row.id,
    status: row.status as PaymentIntentStatus,
    amountMinor: row.amountMinor,
    currency: row.currency,
    clientSecret,
    metadata: row.metadata,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    lastError: row.lastError ?? null,
    capturedMinor: row.capturedMinor,
    refundedMinor: row.refundedMinor,
    created: row.createdAt,
  };
}

const unknownIntent = (intentId: string) =>
  new DomainError('NOT_FOUND', `The payment provider has no payment ${intentId}.`, 'PAYMENT_NOT_FOUND');

/** The event types the test provider sends, as Stripe names them. */
type SentEventType = Exclude<PaymentEvent['type'], 'other'>;

/**
 * The embedded test payment provider (docs/checkout.md 'Test payment provider'), shaped like
 * Stripe's PaymentIntents and keeping its books in its own tables (test_payment_intents,
 * test_payment_refunds), so its intents outlive the shop's process as a hosted provider's do.
 *
 * Client secrets are random and only their SHA-256 is kept, compared in constant time: the
 * secret itself is answered only when the intent is created (a retried creation answers a new
 * one, which replaces the old). Creating an intent and refunding are idempotent by key. Each
 * change is announced by a webhook signed like Stripe's (test-webhook-signature.ts).
 */
export function createTestPaymentProvider(db: Db, options: TestPaymentProviderOptions): TestPayments {
  const now = options.now ?? (() => new Date());
  const { webhookSecret } = options;

  function send(type: SentEventType, row: IntentRow): void {
    if (!options.deliver) return;
    const eventId = newId('evt_test');
    const object =
      type === 'charge.refunded'
        ? {
            id: `ch_test_${row.id.slice('pi_test_'.length)}`,
            object: 'charge',
            payment_intent: row.id,
            amount: row.amountMinor,
            amount_captured: row.capturedMinor,
            amount_refunded: row.refundedMinor,
            currency: row.currency.toLowerCase(),
          }
        : {
            id: row.id,
            object: 'payment_intent',
            status: row.status,
            amount: row.amountMinor,
            amount_received: row.capturedMinor,
            currency: row.currency.toLowerCase(),
          };
    const at = now();
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      created: Math.floor(at.getTime() / 1000),
      data: { object },
    });
    options.deliver({
      eventId,
      body,
      headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signWebhook(webhookSecret, body, at) },
    });
  }

  async function find(intentId: string): Promise<IntentRow> {
    const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
    if (!row) throw unknownIntent(intentId);
    return row;
  }

  /** The intent whose client secret the browser holds; any other secret finds nothing. */
  async function findForClient(intentId: string, clientSecret: string): Promise<IntentRow> {
    const row = await find(intentId);
    const given = Buffer.from(sha256(clientSecret), 'hex');
    if (!timingSafeEqual(given, Buffer.from(row.clientSecretHash, 'hex'))) throw unknownIntent(intentId);
    return row;
  }

  /** Moves an intent from one of `from` to a new state; null when another call moved it first. */
  async function move(
    intentId: string,
    from: PaymentIntentStatus[],
    change: Partial<typeof testPaymentIntents.$inferInsert>,
  ): Promise<IntentRow | null> {
    const [row] = await db
      .update(testPaymentIntents)
      .set({ ...change, updatedAt: now() })
      .where(and(eq(testPaymentIntents.id, intentId), inArray(testPaymentIntents.status, from)))
      .returning();
    return row ?? null;
  }

  /** Applies a card's outcome to an intent waiting for one. */
  async function confirm(row: IntentRow, outcome: CardOutcome): Promise<PaymentIntent> {
    // Confirmed already (a double click, a retried post): the intent answers as it stands.
    if (row.status === 'requires_capture' || row.status === 'succeeded') return toIntent(row);
    if (row.status === 'canceled') {
      throw new DomainError(
        'CONFLICT',
        `Payment ${row.id} was cancelled: start the payment again.`,
        'PAYMENT_CANCELED',
      );
    }
    const waiting: PaymentIntentStatus[] = ['requires_payment_method', 'requires_action'];
    if (outcome.kind === 'declined') {
      const declined = await move(row.id, waiting, {
        status: 'requires_payment_method',
        lastError: { code: outcome.code, message: outcome.message },
      });
      if (declined) send('payment_intent.payment_failed', declined);
      return toIntent(declined ?? (await find(row.id)));
    }
    const card = { cardBrand: outcome.brand, cardLast4: outcome.last4, lastError: null };
    const moved =
      outcome.kind === 'needs_authentication'
        ? await move(row.id, waiting, { ...card, status: 'requires_action' })
        : await move(row.id, waiting, { ...card, status: 'requires_capture', authorizedAt: now() });
    if (moved?.status === 'requires_capture') send('payment_intent.amount_capturable_updated', moved);
    return toIntent(moved ?? (await find(row.id)));
  }

  return {
    id: 'test',

    browserSetup() {
      const origin = new URL(options.testPaymentsUrl).origin;
      return {
        provider: 'test',
        elementUrl: `${options.testPaymentsUrl.replace(/\/+$/, '')}/elements/card`,
        csp: { script: [], frame: [origin], connect: [] },
      };
    },

    async createIntent({ amountMinor, currency, idempotencyKey, metadata }) {
      if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
        throw new DomainError('INVALID_DATA', 'A payment must be for a positive amount.', 'PAYMENT_AMOUNT_INVALID');
      }
      const id = newId('pi_test');
      const clientSecret = newClientSecret(id);
      const [created] = await db
        .insert(testPaymentIntents)
        .values({
          id,
          clientSecretHash: sha256(clientSecret),
          status: 'requires_payment_method',
          amountMinor,
          currency: currency.toUpperCase(),
          idempotencyKey,
          metadata,
          createdAt: now(),
          updatedAt: now(),
        })
        .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey })
        .returning();
      if (created) return toIntent(created, clientSecret);
      // The key made an intent already: the same one answers, with a fresh secret (only hashes are kept).
      const [existing] = await db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.idempotencyKey, idempotencyKey));
      if (!existing || existing.amountMinor !== amountMinor || existing.currency !== currency.toUpperCase()) {
        throw new DomainError(
          'CONFLICT',
          'This idempotency key was used for a payment of another amount.',
          'IDEMPOTENCY_KEY_REUSED',
        );
      }
      const renewedSecret = newClientSecret(existing.id);
      const [renewed] = await db
        .update(testPaymentIntents)
        .set({ clientSecretHash: sha256(renewedSecret), updatedAt: now() })
        .where(eq(testPaymentIntents.id, existing.id))
        .returning();
      return toIntent(renewed!, renewedSecret);
    },

    retrieveIntent: async (intentId) => toIntent(await find(intentId)),

    async capture(intentId) {
      const row = await find(intentId);
      if (row.status === 'succeeded') return;
      const captured = await move(intentId, ['requires_capture'], {
        status: 'succeeded',
        capturedMinor: row.amountMinor,
      });
      if (captured) return send('payment_intent.succeeded', captured);
      if ((await find(intentId)).status === 'succeeded') return;
      throw new DomainError(
        'CONFLICT',
        `Payment ${intentId} is ${row.status}: only an authorised payment can be captured.`,
        'PAYMENT_NOT_CAPTURABLE',
      );
    },

    async void(intentId) {
      const canceled = await move(intentId, ['requires_payment_method', 'requires_action', 'requires_capture'], {
        status: 'canceled',
      });
      if (canceled) return send('payment_intent.canceled', canceled);
      await find(intentId); // unknown → 404; captured or voided already → nothing to release
    },

    async refund(intentId, amountMinor, idempotencyKey) {
      const { refundId, row } = await db.transaction(async (tx) => {
        const [intent] = await tx
          .select()
          .from(testPaymentIntents)
          .where(eq(testPaymentIntents.id, intentId))
          .for('update');
        if (!intent) {
          throw new DomainError('CONFLICT', `The payment provider has no payment ${intentId}.`, 'REFUND_REFUSED');
        }
        const [previous] = await tx
          .select()
          .from(testPaymentRefunds)
          .where(and(eq(testPaymentRefunds.intentId, intentId), eq(testPaymentRefunds.idempotencyKey, idempotencyKey)));
        if (previous) {
          if (previous.amountMinor !== amountMinor) {
            throw new DomainError(
              'CONFLICT',
              `This idempotency key refunded ${previous.amountMinor}, not ${amountMinor}.`,
              'REFUND_REFUSED',
            );
          }
          return { refundId: previous.id, row: null };
        }
        if (intent.status !== 'succeeded') {
          throw new DomainError(
            'CONFLICT',
            `Payment ${intentId} is ${intent.status}, not captured: there is nothing to refund.`,
            'REFUND_REFUSED',
          );
        }
        const left = intent.capturedMinor - intent.refundedMinor;
        if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > left) {
          throw new DomainError(
            'CONFLICT',
            `A refund of payment ${intentId} must be between 1 and ${left} (minor units).`,
            'REFUND_REFUSED',
          );
        }
        const id = newId('re_test');
        await tx.insert(testPaymentRefunds).values({ id, intentId, amountMinor, idempotencyKey, createdAt: now() });
        const [updated] = await tx
          .update(testPaymentIntents)
          .set({ refundedMinor: sql`${testPaymentIntents.refundedMinor} + ${amountMinor}`, updatedAt: now() })
          .where(eq(testPaymentIntents.id, intentId))
          .returning();
        return { refundId: id, row: updated! };
      });
      if (row) send('charge.refunded', row);
      return { refundId };
    },

    async heldAuthorisations() {
      const rows = await db
        .select({
          intentId: testPaymentIntents.id,
          amountMinor: testPaymentIntents.amountMinor,
          authorizedAt: testPaymentIntents.authorizedAt,
        })
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.status, 'requires_capture'))
        .orderBy(asc(testPaymentIntents.authorizedAt));
      return rows.map((row) => ({ ...row, authorizedAt: row.authorizedAt ?? new Date(0) }));
    },

    verifyWebhook(rawBody, headers) {
      verifyWebhookSignature(webhookSecret, rawBody, headers[TEST_SIGNATURE_HEADER], now());
      return parseTestEvent(rawBody);
    },

    async confirmWithCard(intentId, clientSecret, card) {
      return confirm(await findForClient(intentId, clientSecret), checkCard(card, now()));
    },

    async confirmWithToken(intentId, token) {
      const outcome = outcomeOfToken(token);
      if (!outcome) {
        throw new DomainError('INVALID_DATA', `${token} is not a test payment method.`, 'PAYMENT_METHOD_UNKNOWN');
      }
      return confirm(await find(intentId), outcome);
    },

    async completeAuthentication(intentId, clientSecret, passed) {
      const row = await findForClient(intentId, clientSecret);
      if (row.status !== 'requires_action') return toIntent(row);
      const moved = passed
        ? await move(intentId, ['requires_action'], { status: 'requires_capture', authorizedAt: now() })
        : await move(intentId, ['requires_action'], {
            status: 'requires_payment_method',
            lastError: {
              code: 'authentication_failed',
              message: 'Your card could not be authenticated. Try again or use another card.',
            },
          });
      if (moved) send(passed ? 'payment_intent.amount_capturable_updated' : 'payment_intent.payment_failed', moved);
      return toIntent(moved ?? (await find(intentId)));
    },

    intentForClient: async (intentId, clientSecret) => toIntent(await findForClient(intentId, clientSecret)),
  };
}

const KNOWN_TYPES = new Set<string>([
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
]);

/** A verified delivery's event, read from Stripe's event shape. */
function parseTestEvent(rawBody: Buffer): PaymentEvent {
  const invalid = () => new DomainError('INVALID_DATA', 'The webhook body is not a payment event.', 'WEBHOOK_PAYLOAD');
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw invalid();
  }
  const event = parsed as { id?: unknown; type?: unknown; data?: { object?: Record<string, unknown> } };
  const object = event.data?.object;
  if (typeof event.id !== 'string' || typeof event.type !== 'string' || !object) throw invalid();
  const type = KNOWN_TYPES.has(event.type) ? (event.type as SentEventType) : 'other';
  const intentId = type === 'charge.refunded' ? object.payment_intent : object.id;
  return {
    id: event.id,
    type,
    intentId: typeof intentId === 'string' ? intentId : null,
    ...(type === 'charge.refunded' &&
      typeof object.amount_refunded === 'number' && { amountRefundedMinor: object.amount_refunded }),
    ...(type === 'payment_intent.succeeded' &&
      typeof object.amount_received === 'number' && { amountCapturedMinor: object.amount_received }),
  };
}
