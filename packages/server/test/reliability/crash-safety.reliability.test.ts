/**
 * docs/reliability.md 'Crash safety': the server process killed (SIGKILL) at random points of a
 * stream of checkouts (each paid at the test provider's origin, then placed), restarted on the
 * same data directory, and every checkout the shopper saw no answer to sent again with its
 * Idempotency-Key and its payment, as the checkout page does. Then, from the embedded database
 * on disk, which also holds the test payment provider's books: every acknowledged order exists
 * exactly once, stock fell by exactly what the orders hold, no payment was captured without an
 * order, none is left only authorised, and nothing was lost on restart.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '@piste/db';
import { HttpShopper, intentCheckout, isUnanswered, payByCard } from './http-shopper';
import { bySize, recordFigure } from './mode';
import { freePortBetween, startServerProcess, type ServerProcess } from './server-process';

interface Variant {
  id: number;
  product_id: number;
  inventory_level: number;
}

interface CheckoutAttempt {
  key: string;
  cartId: string;
  /** The shopper who filled the cart; a retry goes out with the same cookies. */
  shopper: HttpShopper;
  email: string;
  shippingMethodId: number;
  /** The payment the shopper confirmed; null until paying was answered. */
  intentId: string | null;
  /** What the shopper saw: the order, or nothing (the process died first). */
  orderId: number | null;
}

const kills = bySize(1, 10);
/** Shoppers checking out at once while the process is killed. */
const SHOPPERS = 3;

/** Each payment intent's status in the test provider's own books (its tables in the shop's database). */
async function paymentStates(dataDir: string): Promise<Map<string, string>> {
  const database = openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    const rows = await queryRows<{ id: string; status: string }>(
      database.db,
      sql`select id, status from test_payment_intents`,
    );
    return new Map(rows.map((row) => [row.id, row.status]));
  } finally {
    await database.close();
  }
}

describe('checkouts while the server process is killed', () => {
  let dataDir: string;
  let port: number;
  let server: ServerProcess | null = null;
  const attempts: CheckoutAttempt[] = [];
  let variants: Variant[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'piste-crash-'));
    port = await freePortBetween(3240, 3259);
    server = await startServerProcess({ port, dataDir });
    const catalogue = await new HttpShopper(server.baseUrl).call('GET', '/api/variants?limit=250');
    variants = (JSON.parse(catalogue.body).data as Variant[])
      .sort((a, b) => b.inventory_level - a.inventory_level)
      .slice(0, 12);
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const lineOf = (variant: Variant) => ({ product_id: variant.product_id, variant_id: variant.id, quantity: 1 });

  /** One shopper's checkouts, one after another, until the process dies. */
  async function checkoutStream(baseUrl: string, testPaymentsUrl: string, alive: () => boolean) {
    while (alive()) {
      const shopper = new HttpShopper(baseUrl, { timeoutMs: 15_000 });
      // One or two lines on average, spread over the variants so that none runs out.
      const lines = variants.filter(() => Math.random() < 1 / 8).map(lineOf);
      let cartId: string;
      let shippingMethodId: number;
      try {
        const cart = await shopper.call('POST', '/api/cart/create', {
          body: { line_items: lines.length > 0 ? lines : [lineOf(variants[attempts.length % variants.length]!)] },
        });
        expect(cart.status, cart.body).toBe(201);
        cartId = JSON.parse(cart.body).data.id as string;
        // The options depend on the cart (free shipping above an amount): the quote's choice.
        const quote = await shopper.call('POST', `/api/cart/${cartId}/checkout/quote`, {
          body: { country_iso2: 'US', state: 'UT' },
        });
        expect(quote.status, quote.body).toBe(200);
        shippingMethodId = JSON.parse(quote.body).data.shipping.id as number;
      } catch (error) {
        if (isUnanswered(error)) return;
        throw error;
      }
      const attempt: CheckoutAttempt = {
        key: randomUUID(),
        cartId,
        shopper,
        email: `crash-${attempts.length}@example.com`,
        shippingMethodId,
        intentId: null,
        orderId: null,
      };
      attempts.push(attempt);
      try {
        const placed = await checkout(attempt, testPaymentsUrl);
        expect(placed.status, placed.body).toBe(201);
        attempt.orderId = JSON.parse(placed.body).data.id as number;
      } catch (error) {
        if (isUnanswered(error)) return;
        throw error;
      }
    }
  }

  /** Pays (again, with the same key, when paying got no answer) and places the order. */
  async function checkout(attempt: CheckoutAttempt, testPaymentsUrl: string) {
    attempt.intentId ??= await payByCard(attempt.shopper, testPaymentsUrl, attempt);
    return attempt.shopper.call('POST', `/api/cart/${attempt.cartId}/checkout`, {
      body: intentCheckout(attempt.email, attempt.shippingMethodId, attempt.intentId),
      headers: { 'idempotency-key': attempt.key },
    });
  }

  it(`keeps every acknowledged order, and no more, through ${kills} kills`, async () => {
    let retries = 0;
    for (let kill = 0; kill < kills; kill++) {
      const running = server!;
      let alive = true;
      const streams = Array.from({ length: SHOPPERS }, () =>
        checkoutStream(running.baseUrl, running.testPaymentsUrl, () => alive),
      );
      // A random point: before, during or after any of the checkouts in flight.
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1_500));
      await running.kill();
      alive = false;
      await Promise.all(streams);

      server = await startServerProcess({ port, dataDir });
      // The checkout page sends a checkout it saw no answer to again, with the same key: its
      // payment, still held at the provider (a restart voids nothing), is captured for the order.
      for (const attempt of attempts.filter((candidate) => candidate.orderId === null)) {
        const retried = await checkout(attempt, server.testPaymentsUrl);
        retries += 1;
        expect(retried.status, retried.body).toBe(201);
        attempt.orderId = JSON.parse(retried.body).data.id as number;
      }
      // Every order placed so far is still there for the session that placed it.
      for (const attempt of attempts) {
        const order = await attempt.shopper.call('GET', `/api/orders/${attempt.orderId}`);
        expect(order.status, `order ${attempt.orderId} after restart ${kill + 1}`).toBe(200);
      }
    }
    await server!.stop();
    server = null;

    const database = openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      const orders = await queryRows<{ id: number; key: string; cart_id: string; transaction_id: string }>(
        database.db,
        sql`select id, idempotency_key as key, cart_id, payment->>'transactionId' as transaction_id from orders`,
      );
      // Exactly one order per checkout the shopper made, under the number they were told.
      expect(orders).toHaveLength(attempts.length);
      const byKey = new Map(orders.map((order) => [order.key, order]));
      for (const attempt of attempts) {
        expect(byKey.get(attempt.key)).toMatchObject({ id: attempt.orderId, cart_id: attempt.cartId });
      }

      // Stock fell by exactly the ordered quantities.
      const ordered = await queryRows<{ variant_id: number; quantity: number; inventory_level: number }>(
        database.db,
        sql`select v.id as variant_id, coalesce(sum(l.quantity), 0)::int as quantity, v.inventory_level
            from variants v left join order_lines l on l.variant_id = v.id
            where v.id in (${sql.join(
              variants.map((variant) => sql`${variant.id}`),
              sql`, `,
            )})
            group by v.id`,
      );
      for (const variant of variants) {
        const row = ordered.find((candidate) => candidate.variant_id === variant.id)!;
        expect(variant.inventory_level - row.inventory_level, `stock of variant ${variant.id}`).toBe(row.quantity);
      }
    } finally {
      await database.close();
    }
    // The provider took the money of every order and of nothing else, and holds nothing more.
    const payments = await paymentStates(dataDir);
    const captured = [...payments].filter(([, state]) => state === 'succeeded').map(([id]) => id);
    expect(captured.sort()).toEqual(attempts.map((attempt) => attempt.intentId).sort());
    expect([...payments].filter(([, state]) => state === 'requires_capture')).toEqual([]);
    recordFigure('crash-safety', 'SIGKILLs survived during checkouts', kills, 'kills');
    recordFigure(
      'crash-safety',
      "orders checked against the database and the provider's books",
      attempts.length,
      'orders',
    );
    recordFigure('crash-safety', 'unanswered checkouts sent again after a restart', retries, 'checkouts');
  });
});
