import { seedFakeState, type FakeState } from '@piste/bigcommerce-fake';
import type { ShopperContext } from '@piste/commerce';

/**
 * A small store for the cart and order tests: two products priced in the three price lists, and
 * two customers. The catalogue and customers parts of the fake are stood in for by these lookups
 * (the contract between the fake's domains: FakeState's `lookupVariant` and `lookupCustomer`).
 */
interface Variant {
  productId: number;
  sku: string;
  name: string;
  /** Per price list (1 USD, 2 CAD, 3 EUR): regular and sale price. */
  prices: Record<number, { price: number; sale: number | null }>;
  stock: number;
  tracking: 'none' | 'product' | 'variant';
  size: string;
}

const VARIANTS: Record<number, Variant> = {
  101: {
    productId: 10,
    sku: 'HG-01-S',
    name: 'Horizon Goggle',
    prices: { 1: { price: 100, sale: null }, 2: { price: 130, sale: null }, 3: { price: 90, sale: null } },
    stock: 5,
    tracking: 'variant',
    size: 'S',
  },
  102: {
    productId: 10,
    sku: 'HG-01-M',
    name: 'Horizon Goggle',
    prices: { 1: { price: 100, sale: null }, 2: { price: 130, sale: null }, 3: { price: 90, sale: null } },
    stock: 200,
    tracking: 'variant',
    size: 'M',
  },
  201: {
    productId: 20,
    sku: 'SJ-01-L',
    name: 'Summit Jacket',
    prices: { 1: { price: 200, sale: 150 }, 2: { price: 260, sale: null }, 3: { price: 180, sale: null } },
    stock: 0,
    tracking: 'none',
    size: 'L',
  },
};

export const CUSTOMERS = {
  ana: { id: 7, email: 'ana@example.com', customerGroupId: 3, firstName: 'Ana', lastName: 'Alpine' },
  ben: { id: 8, email: 'ben@example.com', customerGroupId: 0, firstName: 'Ben', lastName: 'Backcountry' },
};

export function cartTestState(): FakeState {
  const state = seedFakeState();
  const stock = new Map(Object.entries(VARIANTS).map(([id, variant]) => [Number(id), variant.stock]));
  state.catalog = {
    ...state.catalog,
    lookupVariant(variantId, priceListId) {
      const variant = VARIANTS[variantId];
      if (!variant) return null;
      const price = variant.prices[priceListId ?? 1]!;
      return {
        productId: variant.productId,
        variantId,
        sku: variant.sku,
        name: variant.name,
        listPrice: price.price,
        salePrice: price.sale,
        inventoryLevel: stock.get(variantId)!,
        purchasingDisabled: false,
        options: [{ name: 'Size', nameId: 1, value: variant.size, valueId: variantId }],
        imageUrl: `https://cdn11.bigcommerce.test/s-pistefake/products/${variant.productId}/images/9/horizon-goggle-1__1001.jpg`,
        customUrl: variant.productId === 10 ? '/horizon-goggle/' : '/summit-jacket/',
        inventoryTracking: variant.tracking,
      };
    },
    adjustStock(variantId, delta) {
      stock.set(variantId, (stock.get(variantId) ?? 0) + delta);
    },
  };
  state.customers = {
    ...state.customers,
    lookupCustomer: (id) => Object.values(CUSTOMERS).find((customer) => customer.id === id) ?? null,
  };
  return state;
}

export const usShopper: ShopperContext = { region: { id: 'us', priceListRegion: 'us' } };
export const caShopper: ShopperContext = { region: { id: 'ca', priceListRegion: 'ca' } };
