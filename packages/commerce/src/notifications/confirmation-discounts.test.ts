import { describe, expect, it } from 'vitest';
import { confirmationDiscounts } from './confirmation-discounts';

const money = (minor: number) => `${(minor / 100).toFixed(2)} EUR`;
const toMinor = (amount: number) => Math.round(amount * 100);

describe('confirmationDiscounts', () => {
  it('lists a coupon once under its code, then automatic promotions, leaving out savings of nothing', () => {
    const rows = confirmationDiscounts(
      {
        coupons: [
          { id: '7', code: 'WELCOME10', name: 'Welcome', coupon_type: 'percentage_discount', discounted_amount: 12.5 },
        ],
        discounts: [
          { id: '7', name: 'Welcome', discounted_amount: 12.5 },
          { id: '9', name: 'Goggle sale', discounted_amount: 4.05 },
          { id: '10', name: 'Spent minimum', discounted_amount: 0 },
        ],
      },
      money,
      toMinor,
    );
    expect(rows).toEqual([
      { code: 'WELCOME10', name: 'Welcome', amount: '-12.50 EUR' },
      { code: null, name: 'Goggle sale', amount: '-4.05 EUR' },
    ]);
  });
});
