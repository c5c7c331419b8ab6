import { describe, expect, it } from 'vitest';
import { viewItemEvent } from './view-item';

const product = { commerceId: 112, title: 'Summit Pro Binding' };
const variant = { id: 4501, sku: 'PST-SPB-BLK-M', price: 449.95, salePrice: null };

describe('viewItemEvent', () => {
  it('reports the product with the variant the page prices, in GA4 ecommerce shape', () => {
    expect(viewItemEvent(product, variant, 'USD')).toEqual({
      event: 'view_item',
      ecommerce: {
        currency: 'USD',
        value: 449.95,
        items: [
          {
            item_name: 'Summit Pro Binding',
            item_id: 'PST-SPB-BLK-M',
            bc_item_id: 4501,
            bc_parent_item_id: 112,
            quantity: 1,
            price: 449.95,
            discount: 0,
          },
        ],
      },
    });
  });

  it('values a product on sale at its sale price, with the discount beside it', () => {
    const event = viewItemEvent(product, { ...variant, price: 19.99, salePrice: 14.99 }, 'EUR');
    expect(event?.ecommerce.value).toBe(14.99);
    expect(event?.ecommerce.items[0]).toMatchObject({ price: 14.99, discount: 5 });
  });

  it('is null for a product that cannot be bought here', () => {
    expect(viewItemEvent({ ...product, commerceId: null }, variant, 'USD')).toBeNull();
    expect(viewItemEvent(product, undefined, 'USD')).toBeNull();
    expect(viewItemEvent(product, variant, null)).toBeNull();
  });
});
