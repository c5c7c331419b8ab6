import { desc, eq, or } from 'drizzle-orm';
import type { Db } from '@piste/db';
import { bigcommerceCarts } from '../../schema/bigcommerce-carts';

export type CartRecord = typeof bigcommerceCarts.$inferSelect;

/** Our rows about BigCommerce carts (schema/bigcommerce-carts.ts). */
export function cartRecords(db: Db) {
  return {
    async find(cartId: string): Promise<CartRecord | null> {
      const [row] = await db.select().from(bigcommerceCarts).where(eq(bigcommerceCarts.id, cartId));
      return row ?? null;
    },

    /** The cart an order names: BigCommerce's cart id is ours, or the one behind ours. */
    async findByBigCommerceId(bigcommerceCartId: string): Promise<CartRecord | null> {
      const [row] = await db
        .select()
        .from(bigcommerceCarts)
        .where(
          or(eq(bigcommerceCarts.bigcommerceCartId, bigcommerceCartId), eq(bigcommerceCarts.id, bigcommerceCartId)),
        )
        .limit(1);
      return row ?? null;
    },

    async insert(cartId: string): Promise<void> {
      await db.insert(bigcommerceCarts).values({ id: cartId, bigcommerceCartId: cartId });
    },

    async update(cartId: string, change: Partial<Pick<CartRecord, 'bigcommerceCartId' | 'customerId'>>): Promise<void> {
      await db
        .update(bigcommerceCarts)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(bigcommerceCarts.id, cartId));
    },

    async remove(cartId: string): Promise<void> {
      await db.delete(bigcommerceCarts).where(eq(bigcommerceCarts.id, cartId));
    },

    /** A customer's carts, most recently changed first. */
    async latestOf(customerId: number, limit: number): Promise<CartRecord[]> {
      return db
        .select()
        .from(bigcommerceCarts)
        .where(eq(bigcommerceCarts.customerId, customerId))
        .orderBy(desc(bigcommerceCarts.updatedAt))
        .limit(limit);
    },
  };
}

export type CartRecords = ReturnType<typeof cartRecords>;
