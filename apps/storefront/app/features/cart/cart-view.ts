import type { CartDto, CartLineItemDto } from '@piste/commerce';

/** A cart line as the cart page shows it; money in decimal amounts of the cart's currency. */
export interface CartLineView {
  id: string;
  uid: string;
  name: string;
  imageUrl: string;
  options: { name: string; value: string }[];
  quantity: number;
  listPrice: number;
  salePrice: number;
  linePrice: number;
}

export interface CartView {
  lines: CartLineView[];
  subtotal: number;
}

/** Free-shipping progress: the zone's free-shipping minimum and what is left to reach it. */
export interface FreeShippingView {
  threshold: number;
  remaining: number;
}

/** A line's product uid: its url is the catalogue's `/{uid}/`, the storefront's `/p/{uid}`. */
export function lineProductUid(line: Pick<CartLineItemDto, 'url'>): string {
  return line.url.replaceAll('/', '');
}

export function toCartView(cart: CartDto): CartView {
  return {
    lines: cart.line_items.physical_items.map((line) => ({
      id: line.id,
      uid: lineProductUid(line),
      name: line.name,
      imageUrl: line.image_url,
      options: line.options,
      quantity: line.quantity,
      listPrice: line.list_price,
      salePrice: line.sale_price,
      linePrice: line.extended_sale_price,
    })),
    subtotal: cart.cart_amount,
  };
}
