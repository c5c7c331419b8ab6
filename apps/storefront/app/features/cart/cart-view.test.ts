import { describe, expect, it } from 'vitest';
import type { CartDto } from '@piste/commerce';
import { discountRows, toCartView } from './cart-view';

const line = {
  id: 'l1',
  product_id: 1,
  variant_id: 11,
  sku: 'GOG-1',
  name: 'Vista Goggles',
  url: '/vista-goggles/',
  image_url: '',
  quantity: 2,
  list_price: 60,
  sale_price: 51,
  extended_list_price: 120,
  extended_sale_price: 102,
  options: [],
  discounts: [{ id: '7', name: 'Welcome 10 %', discounted_amount: 10.2 }],
  coupon_amount: 10.2,
};

const cart: CartDto = {
  id: 'c1',
  customer_id: null,
  currency: { code: 'EUR' },
  base_amount: 150.1,
  discount_amount: 18,
  cart_amount: 112.05,
  coupons: [
    { id: '7', code: 'WELCOME10', name: 'Welcome 10 %', coupon_type: 'percentage_discount', discounted_amount: 10.2 },
  ],
  discounts: [
    { id: '7', name: 'Welcome 10 %', discounted_amount: 10.2 },
    { id: '9', name: 'Goggle sale', discounted_amount: 0 },
  ],
  free_shipping: false,
  line_items: {
    physical_items: [
      line,
      { ...line, id: 'l2', extended_sale_price: 30.1, discounts: [], coupon_amount: 0, quantity: 1 },
    ],
  },
  created_time: '2026-11-27T00:00:00Z',
  updated_time: '2026-11-27T00:00:00Z',
};

describe('discountRows', () => {
  it('shows a coupon under its code once, though the cart’s discounts list it too, and leaves out savings of nothing', () => {
    expect(discountRows(cart)).toEqual([{ key: 'coupon-7', code: 'WELCOME10', name: 'Welcome 10 %', amount: 10.2 }]);
  });

  it('shows an automatic promotion under its name', () => {
    const sale = { ...cart, coupons: [], discounts: [{ id: '9', name: 'Goggle sale', discounted_amount: 15 }] };
    expect(discountRows(sale)).toEqual([{ key: 'promotion-9', code: null, name: 'Goggle sale', amount: 15 }]);
  });
});

describe('toCartView', () => {
  it('totals the lines before promotions to the cent, and keeps each line’s savings', () => {
    const view = toCartView(cart);
    expect(view.itemsTotal).toBe(132.1);
    expect(view.subtotal).toBe(112.05);
    expect(view.lines[0]!.savings).toEqual([{ name: 'Welcome 10 %', amount: 10.2 }]);
    expect(view.coupons).toEqual([{ code: 'WELCOME10', name: 'Welcome 10 %' }]);
  });
});
