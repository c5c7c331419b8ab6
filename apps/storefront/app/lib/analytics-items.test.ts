import { describe, it, expect } from 'vitest';
import {
  type AnalyticsItem,
  type AnalyticsLineItem,
  deriveAnalyticsItem,
  selectItemEvent,
  viewItemListEvent,
} from './analytics-items';

const line: AnalyticsLineItem = {
  sku: 'HLM-AURA-BLK-M',
  variant_id: 5012,
  id: 112,
  name: 'Aura Helmet',
  quantity: 2,
  original_price: 149.99,
};

describe('deriveAnalyticsItem (§3 Analytics items)', () => {
  it('maps the fields: item_name, item_id (sku), bc_item_id (variant), bc_parent_item_id (product)', () => {
    expect(deriveAnalyticsItem(line)).toEqual({
      item_name: 'Aura Helmet',
      item_id: 'HLM-AURA-BLK-M',
      bc_item_id: 5012,
      bc_parent_item_id: 112,
      quantity: 2,
      price: 149.99,
      discount: 0,
    });
  });

  it.each<[string, Partial<AnalyticsLineItem>, { price: number; discount: number }]>([
    ['"or 0 without a sale price": no sale_price', {}, { price: 149.99, discount: 0 }],
    ['sale_price undefined', { sale_price: undefined }, { price: 149.99, discount: 0 }],
    ['sale_price null', { sale_price: null }, { price: 149.99, discount: 0 }],
    ['"original_price minus sale_price"', { sale_price: 119.99 }, { price: 119.99, discount: 30 }],
    [
      'float noise is rounded away (19.99 - 14.99)',
      { original_price: 19.99, sale_price: 14.99 },
      { price: 14.99, discount: 5 },
    ],
    ['sale price equal to the original', { sale_price: 149.99 }, { price: 149.99, discount: 0 }],
    ['a sale price of 0 is a sale price', { sale_price: 0 }, { price: 0, discount: 149.99 }],
    [
      'a sale price above the original gives a negative discount',
      { sale_price: 159.99 },
      { price: 159.99, discount: -10 },
    ],
    [
      'prices are rounded to 2 decimals half away from zero',
      { original_price: 10.005, sale_price: 8.0049 },
      { price: 8, discount: 2 },
    ],
    ['discount rounds half away from zero', { original_price: 10.125, sale_price: 10 }, { price: 10, discount: 0.13 }],
    ['original price 0 without a sale', { original_price: 0 }, { price: 0, discount: 0 }],
  ])('%s', (_rule, change, expected) => {
    const item = deriveAnalyticsItem({ ...line, ...change });
    expect({ price: item.price, discount: item.discount }).toEqual(expected);
  });

  it('passes the quantity through', () => {
    expect(deriveAnalyticsItem({ ...line, quantity: 0 }).quantity).toBe(0);
    expect(deriveAnalyticsItem({ ...line, quantity: 12 }).quantity).toBe(12);
  });
});

describe('data-layer events (§7 "view_item_list (item_list_id, item_list_name, items) and select_item")', () => {
  const a: AnalyticsItem = deriveAnalyticsItem(line);
  const b: AnalyticsItem = deriveAnalyticsItem({ ...line, sku: 'GGL-1', variant_id: 7, id: 8, name: 'Goggle' });

  it('view_item_list carries the list id, list name and items', () => {
    expect(viewItemListEvent('add_on_products', 'Add-ons', [a, b])).toEqual({
      event: 'view_item_list',
      ecommerce: { item_list_id: 'add_on_products', item_list_name: 'Add-ons', items: [a, b] },
    });
  });

  it('view_item_list with no items', () => {
    expect(viewItemListEvent('related', 'Related Products', []).ecommerce.items).toEqual([]);
  });

  it('view_item_list copies the items list', () => {
    const items = [a];
    const event = viewItemListEvent('related', 'Related Products', items);
    items.push(b);
    expect(event.ecommerce.items).toEqual([a]);
  });

  it('select_item carries the same fields for one item', () => {
    expect(selectItemEvent('related', 'Related Products', b)).toEqual({
      event: 'select_item',
      ecommerce: { item_list_id: 'related', item_list_name: 'Related Products', items: [b] },
    });
  });
});
