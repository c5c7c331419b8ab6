import { eq } from 'drizzle-orm';
import type { Db } from '@piste/db';
import { cartSecretMatches } from '../cart/cart-session';
import { carts, type orders } from '../schema/index';
import type { OrderAccess } from './order-contract';

/** Whether the caller may read the order: it is their customer's, or their session paid for it. */
export async function mayReadOrder(
  db: Db,
  order: Pick<typeof orders.$inferSelect, 'customerId' | 'cartId'>,
  access: OrderAccess,
): Promise<boolean> {
  if (order.customerId !== null && access.customerId != null && access.customerId === order.customerId) return true;
  if (!access.cartSecret) return false;
  const [cart] = await db.select({ secretHash: carts.secretHash }).from(carts).where(eq(carts.id, order.cartId));
  return !!cart && cartSecretMatches(access.cartSecret, cart.secretHash);
}
