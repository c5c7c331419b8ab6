import { minorToDecimal } from '../money';
import { groupPercentOff, resolvePrice } from '../pricing/pricing-service';
import type { ImageSize } from '../catalogue/catalogue-contract';
import type { ShopperContext } from '../shopper-context';
import type { CartDto, CartLineItemDto } from './cart-dto';
import type { CartGraph } from './cart-graph';

/** A cart as the shopper sees it: every line priced now, for the shopper's region and group. */
export function toCartDto(
  shopper: ShopperContext,
  graph: CartGraph,
  imageUrl: (mediaId: string, size: ImageSize) => string,
): CartDto {
  const cart = graph.cart!;
  const places = graph.currency?.decimal_places ?? 2;
  const money = (minor: number) => minorToDecimal(minor, places);
  let baseMinor = 0;
  let cartMinor = 0;
  const items: CartLineItemDto[] = [];
  // A line whose variant this region does not sell has no price here; it shows again in a region that does.
  for (const line of graph.lines) {
    if (line.price === null) continue;
    const price = resolvePrice(
      { price: line.price, salePrice: line.sale_price, retailPrice: line.retail_price },
      groupPercentOff(shopper.priceAdjustment, { id: line.product_id, categoryIds: line.category_ids }),
    );
    baseMinor += line.price * line.quantity;
    cartMinor += price.calculatedMinor * line.quantity;
    items.push({
      id: line.id,
      product_id: line.product_id,
      variant_id: line.variant_id,
      sku: line.sku,
      name: line.name,
      url: `/${line.uid}/`,
      image_url: line.media_id ? imageUrl(line.media_id, 'thumbnail') : '',
      quantity: line.quantity,
      list_price: money(line.price),
      sale_price: money(price.calculatedMinor),
      extended_list_price: money(line.price * line.quantity),
      extended_sale_price: money(price.calculatedMinor * line.quantity),
      options: line.options,
      discounts: [],
      coupon_amount: 0,
    });
  }
  return {
    id: cart.id,
    customer_id: cart.customer_id,
    currency: { code: graph.currency?.code ?? cart.currency_code },
    base_amount: money(baseMinor),
    discount_amount: money(baseMinor - cartMinor),
    cart_amount: money(cartMinor),
    coupons: [],
    discounts: [],
    free_shipping: false,
    line_items: { physical_items: items },
    created_time: new Date(cart.created_at).toISOString(),
    updated_time: new Date(cart.updated_at).toISOString(),
  };
}
