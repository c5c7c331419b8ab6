import { desc, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { orderLines, orders, shipments } from '../schema/index';
import { mayReadOrder } from './order-access';
import type { OrderAccess, OrderService, OrderStatusDto } from './order-contract';
import { toOrderDto, toShipmentDto, type OrderDto, type ShipmentDto } from './order-dto';
import { lockOrder, recordShipment, remainingToShip } from './order-shipping';
import { orderNotFound, toOrderStatusDto } from './order-status';

/**
 * Orders and shipments (docs/checkout.md). An order nobody may see is reported as not existing.
 * `publicUrl` is the shop's origin, for the order link in the shipment email.
 */
export function createOrderService(db: Db, options: { publicUrl: string }): OrderService {
  async function load(id: number) {
    const [order] = await db.select().from(orders).where(eq(orders.id, id));
    if (!order) throw orderNotFound(id);
    return order;
  }

  async function dto(order: typeof orders.$inferSelect): Promise<OrderDto> {
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id);
    return toOrderDto(order, lines);
  }

  async function listShipments(orderId: number): Promise<ShipmentDto[]> {
    const rows = await db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(shipments.id);
    return rows.map(toShipmentDto);
  }

  return {
    /** `GET orders/{id}`: for its customer or the session that placed it. */
    async get(id: number, access: OrderAccess): Promise<OrderDto> {
      const order = await load(id);
      if (!(await mayReadOrder(db, order, access))) throw orderNotFound(id);
      return dto(order);
    },

    /** `GET orders` for the signed-in customer: their orders, newest first, a page at a time. */
    async listForCustomer(
      customerId: number,
      page: { page: number; limit: number },
    ): Promise<{ orders: OrderDto[]; total: number }> {
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(eq(orders.customerId, customerId))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(orders)
          .where(eq(orders.customerId, customerId)),
      ]);
      const lines =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(orderLines)
              .where(
                inArray(
                  orderLines.orderId,
                  rows.map((order) => order.id),
                ),
              )
              .orderBy(orderLines.id);
      return {
        orders: rows.map((order) =>
          toOrderDto(
            order,
            lines.filter((line) => line.orderId === order.id),
          ),
        ),
        total: count?.total ?? 0,
      };
    },

    /** `GET orders/{id}/shipments`, under the same access as the order. */
    async shipments(id: number, access: OrderAccess): Promise<ShipmentDto[]> {
      const order = await load(id);
      if (!(await mayReadOrder(db, order, access))) throw orderNotFound(id);
      return listShipments(id);
    },

    /**
     * `GET order-status/{id}?email=`: a guest's lookup. Only the matching email (any case)
     * opens it; a wrong one answers as if the order did not exist, so numbers cannot be probed.
     */
    async status(id: number, email: string): Promise<OrderStatusDto> {
      const order = await load(id);
      if (order.email !== email.trim().toLowerCase()) throw orderNotFound(id);
      const full = await dto(order);
      return toOrderStatusDto(full, await listShipments(id));
    },

    /** Ships what is left of the order in one parcel: every line, all of its quantity not shipped yet. */
    async shipAll(id: number, parcel: { carrier: string; trackingNumber: string }): Promise<ShipmentDto> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (!order) throw orderNotFound(id);
        const items = (await remainingToShip(tx, id))
          .filter(({ remaining }) => remaining > 0)
          .map(({ line, remaining }) => ({ order_line_id: line.id, quantity: remaining }));
        if (items.length === 0 && order.status !== 'cancelled' && order.status !== 'refunded') {
          throw new DomainError('CONFLICT', `Order ${id} has shipped in full already.`, 'NOTHING_TO_SHIP');
        }
        return toShipmentDto(await recordShipment(tx, order, { ...parcel, items }, options.publicUrl));
      });
    },
  };
}
