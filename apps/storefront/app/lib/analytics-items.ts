import { roundHalfAwayFromZero } from '@piste/core';

/** Spec §3 'Analytics items': "Cart line item read: sku, variant_id, id (parent product id), name, quantity, original_price, sale_price." */
export interface AnalyticsLineItem {
  sku: string;
  variant_id: number;
  /** The parent product id. */
  id: number;
  name: string;
  quantity: number;
  original_price: number;
  sale_price?: number | null;
}

/** Spec §3: "Derived item: item_name, item_id, bc_item_id, bc_parent_item_id, quantity, price, discount." */
export interface AnalyticsItem {
  item_name: string;
  /** The sku. */
  item_id: string;
  /** The commerce variant id. */
  bc_item_id: number;
  /** The commerce product id. */
  bc_parent_item_id: number;
  quantity: number;
  price: number;
  discount: number;
}

/**
 * Spec §3 'Analytics items': "The discount is original_price minus sale_price, or
 * 0 without a sale price." The price paid is the sale price when there is one
 * (a sale price of 0 is a sale price). Money is rounded half away from zero to 2
 * decimals, so 19.99 - 14.99 reports 5, not 5.000000000000002. The discount is
 * not clamped: a sale price above the original gives a negative discount.
 */
export function deriveAnalyticsItem(line: AnalyticsLineItem): AnalyticsItem {
  const hasSalePrice = line.sale_price != null;
  const price = line.sale_price ?? line.original_price;
  return {
    item_name: line.name,
    item_id: line.sku,
    bc_item_id: line.variant_id,
    bc_parent_item_id: line.id,
    quantity: line.quantity,
    price: roundHalfAwayFromZero(price, 2),
    discount: hasSalePrice ? roundHalfAwayFromZero(line.original_price - price, 2) : 0,
  };
}

/** A data-layer push for a list event, in the tag manager's ecommerce shape. */
export interface ItemListEvent<E extends 'view_item_list' | 'select_item'> {
  event: E;
  ecommerce: {
    item_list_id: string;
    item_list_name: string;
    items: AnalyticsItem[];
  };
}

/** Spec §7 'Other': "view_item_list (item_list_id, item_list_name, items)". */
export function viewItemListEvent(
  listId: string,
  listName: string,
  items: readonly AnalyticsItem[],
): ItemListEvent<'view_item_list'> {
  return { event: 'view_item_list', ecommerce: { item_list_id: listId, item_list_name: listName, items: [...items] } };
}

/** Spec §7 'Other': "select_item (same fields for one item)". */
export function selectItemEvent(listId: string, listName: string, item: AnalyticsItem): ItemListEvent<'select_item'> {
  return { event: 'select_item', ecommerce: { item_list_id: listId, item_list_name: listName, items: [item] } };
}
