import type { OrderLineRef } from './orders-schemas';

/** What the refund rules need of an order and its lines (minor units of the order's currency). */
export interface RefundableOrder {
  totalMinor: number;
  shippingMinor: number;
  lines: { id: number; quantity: number; totalMinor: number }[];
}

/**
 * What the customer paid for `quantity` units of a line: the line's share of the goods' part of
 * the total (the total less shipping), so an order discount and tax added on top are shared out
 * in proportion to the line totals. Rounded to the nearest minor unit.
 */
export function paidShare(order: RefundableOrder, lineId: number, quantity: number): number {
  const line = order.lines.find((candidate) => candidate.id === lineId);
  const linesTotal = order.lines.reduce((sum, candidate) => sum + candidate.totalMinor, 0);
  if (!line || line.quantity === 0 || linesTotal === 0) return 0;
  const goodsPaid = order.totalMinor - order.shippingMinor;
  return Math.round((line.totalMinor * quantity * goodsPaid) / (line.quantity * linesTotal));
}

/** Units of each line refunded so far. */
export function refundedUnits(refunds: readonly { lines: readonly { order_line_id: number; quantity: number }[] }[]) {
  const units = new Map<number, number>();
  for (const refund of refunds) {
    for (const line of refund.lines)
      units.set(line.order_line_id, (units.get(line.order_line_id) ?? 0) + line.quantity);
  }
  return units;
}

/**
 * The amount a refund of these lines gives back when staff name no amount: their paid share; or,
 * when they are every unit not refunded yet, all that is left to refund (shipping included), so
 * refunding the remaining lines refunds the order in full.
 */
export function defaultRefundAmount(
  order: RefundableOrder,
  lines: readonly OrderLineRef[] | undefined,
  alreadyRefunded: ReadonlyMap<number, number>,
  refundableMinor: number,
): number {
  if (!lines) return refundableMinor;
  const asked = new Map(lines.map((line) => [line.orderLineId, line.quantity]));
  const everyUnitLeft = order.lines.every(
    (line) => (asked.get(line.id) ?? 0) === line.quantity - (alreadyRefunded.get(line.id) ?? 0),
  );
  if (everyUnitLeft) return refundableMinor;
  return Math.min(
    refundableMinor,
    lines.reduce((sum, line) => sum + paidShare(order, line.orderLineId, line.quantity), 0),
  );
}

/** Minor units as a decimal string (`1234` → `12.34`), exact, for CSV files and messages. */
export function minorToDecimalString(minor: number, decimalPlaces = 2): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimalPlaces + 1, '0');
  if (decimalPlaces === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimalPlaces)}.${digits.slice(-decimalPlaces)}`;
}
