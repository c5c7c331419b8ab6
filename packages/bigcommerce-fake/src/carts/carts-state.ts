import { randomUUID } from 'node:crypto';
import { FAKE_PRICE_LISTS, FAKE_STORE_REGIONS } from '../demo-store';
import type { CatalogState } from '../catalog/catalog-state';

/** A cart as the fake keeps it: prices are read from the catalogue on every answer. */
export interface FakeCart {
  id: string;
  /** 0 for a guest, as BigCommerce answers it. */
  customerId: number;
  channelId: number;
  currencyCode: string;
  lines: FakeCartLine[];
  /** The token `redirect_urls` last handed out: the hosted checkout opens the cart with it. */
  checkoutToken: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface FakeCartLine {
  id: string;
  productId: number;
  variantId: number;
  quantity: number;
}

/** The fake's carts. */
export interface CartsState {
  carts: Map<string, FakeCart>;
}

export function seedCarts(): CartsState {
  return { carts: new Map() };
}

/** A cart's price list: the one our region map gives its currency (BigCommerce assigns price lists per channel and currency). */
export function priceListOf(currencyCode: string): number | null {
  const region = Object.entries(FAKE_STORE_REGIONS).find(
    ([, mapped]) => 'currency' in mapped && mapped.currency === currencyCode,
  );
  return region ? FAKE_PRICE_LISTS[region[0] as keyof typeof FAKE_PRICE_LISTS] : null;
}

export function newCartLine(productId: number, variantId: number, quantity: number): FakeCartLine {
  return { id: randomUUID(), productId, variantId, quantity };
}

const round = (amount: number) => Math.round(amount * 100) / 100;

/**
 * The v3 cart (github.com/bigcommerce/docs reference/carts/carts.v3.yml, `Cart` with
 * `Item Physical`): `original_price` the price list's price, `list_price` the sale price when lower
 * (before discounts), `sale_price` after discounts — the fake applies no discounts or coupons.
 * Options only with `include=line_items.physical_items.options`.
 */
export function cartAnswer(cart: FakeCart, catalog: CatalogState, storefrontUrl: string, withOptions: boolean) {
  const priceList = priceListOf(cart.currencyCode);
  const physical = cart.lines.flatMap((line) => {
    const variant = catalog.lookupVariant(line.variantId, priceList);
    if (!variant) return [];
    const listPrice = variant.salePrice ?? variant.listPrice;
    return [
      {
        id: line.id,
        parent_id: null,
        variant_id: line.variantId,
        product_id: line.productId,
        sku: variant.sku,
        name: variant.name,
        url: `${storefrontUrl}${variant.customUrl}`,
        quantity: line.quantity,
        is_taxable: true,
        image_url: variant.imageUrl,
        discounts: [],
        coupons: [],
        discount_amount: 0,
        coupon_amount: 0,
        original_price: variant.listPrice,
        list_price: listPrice,
        sale_price: listPrice,
        extended_list_price: round(listPrice * line.quantity),
        extended_sale_price: round(listPrice * line.quantity),
        is_require_shipping: true,
        is_mutable: true,
        ...(withOptions
          ? {
              options: variant.options.map((option) => ({
                name: option.name,
                nameId: option.nameId,
                value: option.value,
                valueId: option.valueId,
              })),
            }
          : {}),
      },
    ];
  });
  const baseAmount = round(physical.reduce((sum, line) => sum + line.original_price * line.quantity, 0));
  const cartAmount = round(physical.reduce((sum, line) => sum + line.extended_sale_price, 0));
  return {
    id: cart.id,
    parent_id: null,
    customer_id: cart.customerId,
    email: '',
    currency: { code: cart.currencyCode },
    tax_included: false,
    base_amount: baseAmount,
    discount_amount: 0,
    cart_amount: cartAmount,
    coupons: [],
    discounts: [],
    line_items: { physical_items: physical, digital_items: [], gift_certificates: [], custom_items: [] },
    created_time: cart.createdAt.toISOString(),
    updated_time: cart.updatedAt.toISOString(),
    channel_id: cart.channelId,
    locale: 'en',
  };
}
