import {
  groupPercentOff,
  minorToDecimal,
  resolvePrice,
  type CartDto,
  type CartLineItemDto,
  type ImageSize,
  type ShopperContext,
} from '@piste/commerce';
import type { BigCommerceCart } from './cart-wire';

/** Decimal amounts as minor units (the three currencies of our regions have two decimals). */
const toMinor = (amount: number) => Math.round(amount * 100);

export interface CartPricingInput {
  shopper: ShopperContext;
  /** Our cart id, which stays while BigCommerce's cart behind it may change. */
  cartId: string;
  customerId: number | null;
  cart: BigCommerceCart;
  /** Category ids per product, for group discounts by category (empty when the group has none). */
  categoryIds: ReadonlyMap<number, readonly number[]>;
  imageUrl: (mediaId: string, size: ImageSize) => string;
  mediaIdOfImage: (imageUrl: string) => string | null;
}

/** The path of a product's storefront URL: `/{uid}/`, as the catalogue answers it. */
function productPath(url: string): string {
  if (!url) return '';
  try {
    return new URL(url, 'https://store.invalid').pathname;
  } catch {
    return '';
  }
}

/**
 * A BigCommerce cart as the embedded cart answers it (commerce cart-pricing.ts): the regular
 * price is BigCommerce's `original_price`, the sale price its `list_price` when lower, and the
 * shopper's group discount is applied here by the embedded rule (not stacked with a sale; the
 * lower wins), so the cart shows the prices the catalogue shows. BigCommerce's own `sale_price`
 * is not shown (docs/providers/bigcommerce.md 'Carts and checkout').
 */
export function toCartDto(input: CartPricingInput): CartDto {
  const money = (minor: number) => minorToDecimal(minor);
  let baseMinor = 0;
  let cartMinor = 0;
  const items: CartLineItemDto[] = input.cart.line_items.physical_items.map((line) => {
    const regular = toMinor(line.original_price);
    const sale = toMinor(line.list_price);
    const price = resolvePrice(
      { price: regular, salePrice: sale < regular ? sale : null, retailPrice: null },
      groupPercentOff(input.shopper.priceAdjustment, {
        id: line.product_id,
        categoryIds: input.categoryIds.get(line.product_id) ?? [],
      }),
    );
    baseMinor += regular * line.quantity;
    cartMinor += price.calculatedMinor * line.quantity;
    const mediaId = line.image_url ? input.mediaIdOfImage(line.image_url) : null;
    return {
      id: line.id,
      product_id: line.product_id,
      variant_id: line.variant_id,
      sku: line.sku,
      name: line.name,
      url: productPath(line.url),
      image_url: mediaId ? input.imageUrl(mediaId, 'thumbnail') : '',
      quantity: line.quantity,
      list_price: money(regular),
      sale_price: money(price.calculatedMinor),
      extended_list_price: money(regular * line.quantity),
      extended_sale_price: money(price.calculatedMinor * line.quantity),
      options: line.options.map(({ name, value }) => ({ name, value })),
      discounts: [],
      coupon_amount: 0,
    };
  });
  return {
    id: input.cartId,
    customer_id: input.customerId,
    currency: { code: input.cart.currency.code },
    base_amount: money(baseMinor),
    discount_amount: money(baseMinor - cartMinor),
    cart_amount: money(cartMinor),
    coupons: [],
    discounts: [],
    free_shipping: false,
    line_items: { physical_items: items },
    created_time: new Date(input.cart.created_time).toISOString(),
    updated_time: new Date(input.cart.updated_time).toISOString(),
  };
}

/** A cart whose last line went: BigCommerce deleted its cart, ours stays (the contract's empty cart). */
export function emptyCartDto(
  cartId: string,
  customerId: number | null,
  currencyCode: string,
  times: { createdAt: Date; updatedAt: Date },
): CartDto {
  return {
    id: cartId,
    customer_id: customerId,
    currency: { code: currencyCode },
    base_amount: 0,
    discount_amount: 0,
    cart_amount: 0,
    coupons: [],
    discounts: [],
    free_shipping: false,
    line_items: { physical_items: [] },
    created_time: times.createdAt.toISOString(),
    updated_time: times.updatedAt.toISOString(),
  };
}

/**
 * The media id of a BigCommerce image URL, as the catalogue reads it: the name the file was
 * uploaded with, `…/{mediaId}__{digits}.{ext}` (docs/providers/bigcommerce.md 'Catalogue').
 */
export function mediaIdFromImageUrl(imageUrl: string): string | null {
  const name = productPath(imageUrl).split('/').filter(Boolean).pop();
  if (!name) return null;
  return (
    decodeURIComponent(name)
      .replace(/\.[A-Za-z0-9]+$/, '')
      .replace(/__\d+$/, '') || null
  );
}
