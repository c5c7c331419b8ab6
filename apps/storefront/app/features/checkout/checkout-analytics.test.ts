import { describe, expect, it } from 'vitest';
import type { CartDto, OrderDto } from '@piste/commerce';
import { beginCheckoutEvent, purchaseEvent } from './checkout-analytics';

const line = {
  sku: 'PST-BND-SUMMIT-PRO-01-S',
  variant_id: 100001,
  product_id: 100,
  name: 'Summit Pro Binding',
  quantity: 2,
};

describe('checkout analytics events', () => {
  it('begin_checkout carries the cart’s currency, its lines’ value and derived items', () => {
    const cart = {
      currency: { code: 'USD' },
      cart_amount: 809.9,
      line_items: {
        physical_items: [{ ...line, list_price: 449.95, sale_price: 404.95 }],
      },
    } as unknown as CartDto;
    expect(beginCheckoutEvent(cart)).toEqual({
      event: 'begin_checkout',
      ecommerce: {
        currency: 'USD',
        value: 809.9,
        items: [
          {
            item_name: 'Summit Pro Binding',
            item_id: 'PST-BND-SUMMIT-PRO-01-S',
            bc_item_id: 100001,
            bc_parent_item_id: 100,
            quantity: 2,
            price: 404.95,
            discount: 45,
          },
        ],
      },
    });
  });

  it('purchase has GA4’s transaction fields: id, value, currency, tax and shipping', () => {
    const order = {
      id: 100001,
      currency_code: 'EUR',
      subtotal_inc_tax: 899.9,
      coupons: [],
      total_tax: 143.68,
      shipping_cost_inc_tax: 0,
      products: [{ ...line, base_price: 449.95, price_inc_tax: 449.95, total_inc_tax: 899.9 }],
    } as unknown as OrderDto;
    expect(purchaseEvent(order)).toEqual({
      event: 'purchase',
      ecommerce: {
        transaction_id: '100001',
        currency: 'EUR',
        value: 899.9,
        tax: 143.68,
        shipping: 0,
        discount: 0,
        items: [expect.objectContaining({ item_id: line.sku, quantity: 2, price: 449.95, discount: 0 })],
      },
    });
  });

  it('purchase names the order’s coupon codes and what promotions took off', () => {
    const order = {
      id: 100002,
      currency_code: 'EUR',
      subtotal_inc_tax: 809.91,
      total_tax: 129.31,
      shipping_cost_inc_tax: 0,
      coupons: [{ id: 1, code: 'WELCOME10', name: 'Welcome', discount: 89.99 }],
      products: [{ ...line, base_price: 449.95, price_inc_tax: 449.95, total_inc_tax: 899.9 }],
    } as unknown as OrderDto;
    expect(purchaseEvent(order).ecommerce).toMatchObject({ value: 809.91, coupon: 'WELCOME10', discount: 89.99 });
  });
});
