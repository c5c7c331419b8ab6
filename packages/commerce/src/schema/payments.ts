import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Payment webhook deliveries already applied, by the provider's event id: a retried delivery
 * changes nothing (docs/checkout.md 'Webhooks').
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    intentId: text('intent_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_events_provider_event_idx').on(table.provider, table.eventId)],
);

/**
 * The embedded test payment provider's own books (its ledger): intents and refunds, as a hosted
 * provider keeps them on its side. Our order code never reads these tables; it goes through the
 * PaymentProvider port. They outlive the shop's process, so the payment recovery settles what a
 * crash left held.
 */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    /** SHA-256 of the client secret handed to the browser. */
    clientSecretHash: text('client_secret_hash').notNull(),
    status: text('status').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    lastError: jsonb('last_error').$type<{ code: string; message: string }>(),
    capturedMinor: integer('captured_minor').notNull().default(0),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('test_payment_intents_idempotency_idx').on(table.idempotencyKey),
    index('test_payment_intents_held_idx')
      .on(table.status, table.authorizedAt)
      .where(sql`${table.status} = 'requires_capture'`),
  ],
);

export const testPaymentRefunds = pgTable(
  'test_payment_refunds',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => testPaymentIntents.id),
    amountMinor: integer('amount_minor').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('test_payment_refunds_idempotency_idx').on(table.intentId, table.idempotencyKey)],
);
