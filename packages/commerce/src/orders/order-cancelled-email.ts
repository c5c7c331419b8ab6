import type { Db } from '@piste/db';
import { enqueueEmail, orderCancelledEmail } from '../notifications/index';
import type { orders } from '../schema/index';
import { moneyFormatter } from '../store/money-format';
import { orderStatusUrl } from './order-status';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Tells the customer their order was cancelled and what goes back to their card (nothing named
 * when `givenBackMinor` is 0), in the cancellation's transaction and the order's language (docs/email.md).
 */
export async function queueOrderCancelledEmail(
  tx: Tx,
  order: typeof orders.$inferSelect,
  givenBackMinor: number,
  publicUrl: string,
): Promise<void> {
  const money = await moneyFormatter(tx, order.currencyCode, order.locale);
  await enqueueEmail(tx, {
    kind: 'order_cancelled',
    recipient: order.email,
    ...orderCancelledEmail({
      locale: order.locale,
      firstName: order.shippingAddress.first_name,
      orderId: order.id,
      orderUrl: orderStatusUrl(publicUrl, order),
      amount: givenBackMinor > 0 ? money(givenBackMinor) : undefined,
    }),
  });
}
