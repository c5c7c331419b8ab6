import { DomainError, localizePath } from '@piste/core';
import type { OrderStatusDto } from './order-contract';
import type { OrderDto, ShipmentDto } from './order-dto';

/** An order the caller may not see answers as one that does not exist, so numbers cannot be probed. */
export function orderNotFound(id: number): DomainError {
  return new DomainError('NOT_FOUND', `Order ${id} does not exist.`);
}

/** `GET order-status/{id}?email=`: the part of an order a guest's lookup shows, with its shipments. */
export function toOrderStatusDto(order: OrderDto, shipments: ShipmentDto[]): OrderStatusDto {
  return {
    id: order.id,
    status: order.status,
    custom_status: order.custom_status,
    date_created: order.date_created,
    items_total: order.items_total,
    total_inc_tax: order.total_inc_tax,
    currency_code: order.currency_code,
    shipments,
  };
}

/** The guest order-status page of an order, in the locale it was placed in: the emails' link. */
export function orderStatusUrl(publicUrl: string, order: { id: number; email: string; locale: string }): string {
  const query = new URLSearchParams({ number: String(order.id), email: order.email });
  return `${publicUrl.replace(/\/+$/, '')}${localizePath(order.locale, '/order-status')}?${query}`;
}
