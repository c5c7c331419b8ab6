import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { commerceSchema, deleteCustomerKeepingOrders } from '@piste/commerce/server';
import type { Db } from '@piste/db';
import { FieldErrors } from '../admin-error';
import { recordAudit, type DbOrTx } from '../audit/audit-log';
import { auditLog } from '../schema/staff';
import type { StaffActor } from '../staff-actor';
import { customerNotFound } from './customer-admin';

const { customerAddresses, customers, emailOutbox, orderLines, orders, passwordResets, proCodes, shipments } =
  commerceSchema;

/** The footer's newsletter subscriptions (content's `email_subscriptions`), by address. */
async function subscriptionsOf(executor: DbOrTx, email: string) {
  const result = (await executor.execute(
    sql`select list_id, locale, region, consent_text, consented_at, created_at
        from email_subscriptions where email = ${email} order by id`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => ({
    listId: row.list_id,
    locale: row.locale,
    region: row.region,
    consentText: row.consent_text,
    consentedAt: new Date(row.consented_at as string).toISOString(),
    subscribedAt: new Date(row.created_at as string).toISOString(),
  }));
}

/**
 * GDPR access (art. 15): everything the shop holds about a customer, as JSON. The password is
 * left out (only its hash is kept, and a hash is no use to its owner); reset links appear as
 * when they were asked for, never their tokens; emails by kind, subject and dates, without
 * their bodies, which may hold a live reset link.
 */
export async function customerExport(db: Db, id: number) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  if (!row) throw customerNotFound(id);
  const { passwordHash: _passwordHash, ...profile } = row;
  const [addresses, placed, resets, membership, subscriptions, emails] = await Promise.all([
    db.select().from(customerAddresses).where(eq(customerAddresses.customerId, id)).orderBy(asc(customerAddresses.id)),
    db.select().from(orders).where(eq(orders.customerId, id)).orderBy(asc(orders.createdAt), asc(orders.id)),
    db
      .select({
        requestedAt: passwordResets.createdAt,
        expiresAt: passwordResets.expiresAt,
        usedAt: passwordResets.usedAt,
      })
      .from(passwordResets)
      .where(eq(passwordResets.customerId, id)),
    row.proCode ? db.select().from(proCodes).where(eq(proCodes.code, row.proCode)) : Promise.resolve([]),
    subscriptionsOf(db, row.email),
    db
      .select({
        kind: emailOutbox.kind,
        subject: emailOutbox.subject,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, row.email))
      .orderBy(asc(emailOutbox.id)),
  ]);
  const orderIds = placed.map((order) => order.id);
  const [lines, parcels] =
    orderIds.length === 0
      ? [[], []]
      : await Promise.all([
          db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.id)),
          db.select().from(shipments).where(inArray(shipments.orderId, orderIds)).orderBy(asc(shipments.id)),
        ]);
  const code = membership[0];
  return {
    exportedAt: new Date().toISOString(),
    customer: profile,
    addresses,
    orders: placed.map(({ idempotencyKey: _key, cartId: _cart, ...order }) => ({
      ...order,
      lines: lines.filter((line) => line.orderId === order.id),
      shipments: parcels.filter((parcel) => parcel.orderId === order.id),
    })),
    proMembership: code
      ? {
          code: code.code,
          region: code.region,
          customerGroupId: code.customerGroupId,
          spendLimit: code.spendLimit,
          proExpiresAt: row.proExpiresAt,
        }
      : null,
    emailSubscriptions: subscriptions,
    emails,
    passwordResets: resets,
  };
}

/**
 * GDPR erasure (art. 17): the account goes the way the shop's own account deletion takes it
 * (its orders stay for the books, anonymised), and so do the address's newsletter
 * subscriptions, the emails kept for it in the outbox (sent or not), and the personal details
 * earlier audit entries quoted of this customer. Staff
 * confirm by typing the customer's email. The audit entry names only the customer's id and counts.
 */
export async function eraseCustomer(
  db: Db,
  actor: StaffActor,
  id: number,
  confirmEmail: string,
  requestId?: string,
): Promise<{ erased: true; ordersKept: number; subscriptionsRemoved: number; emailsRemoved: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!row) throw customerNotFound(id);
    if (confirmEmail.trim().toLowerCase() !== row.email) {
      throw new FieldErrors({ confirmEmail: 'This is not the customer’s email. Type it exactly to confirm.' });
    }
    const [kept] = await tx.select({ orders: count() }).from(orders).where(eq(orders.customerId, id));
    const removed = (await tx.execute(
      sql`delete from email_subscriptions where email = ${row.email} returning id`,
    )) as unknown as { rows: unknown[] };
    const emails = await tx
      .delete(emailOutbox)
      .where(eq(emailOutbox.recipient, row.email))
      .returning({ id: emailOutbox.id });
    await deleteCustomerKeepingOrders(tx, id);
    await tx
      .update(auditLog)
      .set({ before: null, after: { erased: true } })
      .where(sql`${auditLog.entityType} = 'customer' and ${auditLog.entityId} = ${String(id)}`);
    const outcome = {
      erased: true as const,
      ordersKept: kept?.orders ?? 0,
      subscriptionsRemoved: removed.rows.length,
      emailsRemoved: emails.length,
    };
    await recordAudit(
      tx,
      actor,
      { action: 'customer.erase', entityType: 'customer', entityId: id, after: outcome },
      requestId,
    );
    return outcome;
  });
}
