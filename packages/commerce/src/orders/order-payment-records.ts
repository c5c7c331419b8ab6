import { eq, sql } from 'drizzle-orm';
import type { Db } from '@piste/db';
import { orders } from '../schema/index';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Records on the order naming a payment intent what the provider has captured or refunded of
 * it in all (issue 28: the order's authorizedMinor/capturedMinor/refundedMinor). Amounts only
 * grow, so a late or repeated report (a webhook arriving after the admin's own record) never
 * takes one back.
 */
export async function recordPaymentAmount(
  db: Db | Tx,
  intentId: string,
  field: 'capturedMinor' | 'refundedMinor',
  amountMinor: number,
): Promise<number | null> {
  const current = sql`coalesce((${orders.payment}->>${field})::int, 0)`;
  const [order] = await db
    .update(orders)
    .set({
      payment: sql`${orders.payment} || jsonb_build_object(${field}::text, greatest(${current}, ${amountMinor}::int))`,
    })
    .where(sql`${orders.payment}->>'transactionId' = ${intentId}`)
    .returning({ id: orders.id });
  return order?.id ?? null;
}

/** The order that names a payment intent (its `payment.transactionId`), or null. */
export async function orderOfIntent(db: Db | Tx, intentId: string): Promise<typeof orders.$inferSelect | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(sql`${orders.payment}->>'transactionId'`, intentId));
  return order ?? null;
}
