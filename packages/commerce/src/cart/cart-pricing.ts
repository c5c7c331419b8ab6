import { minorToDecimal } from '../money';
import { groupPercentOff, resolvePrice } from '../pricing/pricing-service';
import type { ImageSize } from '../catalogue/catalogue-contract';
import { isProRegion } from '../customers/pro-status';
import { promotionFromJson } from '../promotions/promotion-loader';
import {
  priceCartPromotions,
  type PricedPromotion,
  type PromotionContext,
  type PromotionLine,
} from '../promotions/promotion-rules';
import type { ShopperContext } from '../shopper-context';
import type { CartCouponDto, CartDiscountDto, CartDto, CartLineItemDto } from './cart-dto';
import type { CartGraph, CartLineRecord } from './cart-graph';

type PricedLine = CartLineRecord & { price: number; calculatedMinor: number; promotionLine: PromotionLine };

/**
 * The lines this region sells, priced for the shopper (sale and group prices), and what the
 * promotion rules need to know of the cart. A line whose variant this region does not sell has
 * no price here; it shows again in a region that does.
 */
export function cartPromotionInputs(
  shopper: ShopperContext,
  graph: CartGraph,
  now: Date,
): { lines: PricedLine[]; context: PromotionContext } {
  const lines: PricedLine[] = [];
  for (const line of graph.lines) {
    if (line.price === null) continue;
    const groupPercent = groupPercentOff(shopper.priceAdjustment, {
      id: line.product_id,
      categoryIds: line.category_ids,
    });
    const price = resolvePrice(
      { price: line.price, salePrice: line.sale_price, retailPrice: line.retail_price },
      groupPercent,
    );
    const onSale = line.sale_price !== null && line.sale_price < line.price;
    const groupPriced =
      groupPercent > 0 && price.calculatedMinor < line.price && price.calculatedMinor !== line.sale_price;
    lines.push({
      ...line,
      price: line.price,
      calculatedMinor: price.calculatedMinor,
      promotionLine: {
        id: line.id,
        productId: line.product_id,
        categoryIds: line.category_ids,
        payMinor: price.calculatedMinor * line.quantity,
        onSale,
        groupPriced,
      },
    });
  }
  const context: PromotionContext = {
    regionId: shopper.region.id,
    currencyCode: graph.currency?.code ?? graph.cart!.currency_code,
    customerGroupId: shopper.customerGroupId,
    isPro: isProRegion(shopper.region.id),
    now,
    subtotalMinor: lines.reduce((sum, line) => sum + line.promotionLine.payMinor, 0),
  };
  return { lines, context };
}

const COUPON_TYPES: Record<PricedPromotion['promotion']['kind'], CartCouponDto['coupon_type']> = {
  percent_off: 'percentage_discount',
  amount_off: 'per_total_discount',
  free_shipping: 'free_shipping',
};

/**
 * A cart as the shopper sees it: every line priced now, for the shopper's region and group, and
 * the promotions that hold taken off (docs/promotions.md 'Cart amounts'):
 * `base_amount − discount_amount − promotions' savings = cart_amount`, where `discount_amount`
 * stays the sale and group savings and the lines' `extended_sale_price` is before promotions.
 */
export function toCartDto(
  shopper: ShopperContext,
  graph: CartGraph,
  imageUrl: (mediaId: string, size: ImageSize) => string,
  now: Date = new Date(),
): CartDto {
  const cart = graph.cart!;
  const places = graph.currency?.decimal_places ?? 2;
  const money = (minor: number) => minorToDecimal(minor, places);
  const { lines, context } = cartPromotionInputs(shopper, graph, now);
  const priced = priceCartPromotions(
    graph.automatic_promotions.map(promotionFromJson),
    graph.coupons.map(promotionFromJson),
    lines.map((line) => line.promotionLine),
    context,
  );
  const applied = priced.promotions.filter((entry) => entry.applied);
  const discountOf = (entry: PricedPromotion, minor: number): CartDiscountDto => ({
    id: String(entry.promotion.id),
    name: entry.promotion.name,
    discounted_amount: money(minor),
  });
  let baseMinor = 0;
  let salePricedMinor = 0;
  const items: CartLineItemDto[] = lines.map((line) => {
    baseMinor += line.price * line.quantity;
    salePricedMinor += line.calculatedMinor * line.quantity;
    const lineDiscounts = applied.filter((entry) => entry.lineSavings.has(line.id));
    const couponMinor = lineDiscounts
      .filter((entry) => entry.promotion.code !== null)
      .reduce((sum, entry) => sum + entry.lineSavings.get(line.id)!, 0);
    return {
      id: line.id,
      product_id: line.product_id,
      variant_id: line.variant_id,
      sku: line.sku,
      name: line.name,
      url: `/${line.uid}/`,
      image_url: line.media_id ? imageUrl(line.media_id, 'thumbnail') : '',
      quantity: line.quantity,
      list_price: money(line.price),
      sale_price: money(line.calculatedMinor),
      extended_list_price: money(line.price * line.quantity),
      extended_sale_price: money(line.calculatedMinor * line.quantity),
      options: line.options,
      discounts: lineDiscounts.map((entry) => discountOf(entry, entry.lineSavings.get(line.id)!)),
      coupon_amount: money(couponMinor),
    };
  });
  return {
    id: cart.id,
    customer_id: cart.customer_id,
    currency: { code: graph.currency?.code ?? cart.currency_code },
    base_amount: money(baseMinor),
    discount_amount: money(baseMinor - salePricedMinor),
    cart_amount: money(salePricedMinor - priced.savingsMinor),
    coupons: priced.promotions
      .filter((entry) => entry.promotion.code !== null)
      .map((entry) => ({
        id: String(entry.promotion.id),
        code: entry.promotion.code!,
        name: entry.promotion.name,
        coupon_type: COUPON_TYPES[entry.promotion.kind],
        discounted_amount: money(entry.savingMinor),
      })),
    // Free shipping saves nothing on the lines: it is listed with 0, so the order knows to redeem it.
    discounts: applied.map((entry) => discountOf(entry, entry.savingMinor)),
    free_shipping: priced.freeShipping,
    line_items: { physical_items: items },
    created_time: new Date(cart.created_at).toISOString(),
    updated_time: new Date(cart.updated_at).toISOString(),
  };
}
