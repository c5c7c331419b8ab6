import { resolvePrice, type ResolvedPrice, type StoredPrice } from '../pricing/pricing-service';
import type { VariantDto } from './dto';
import { variantInStock, variantInventoryLevel, type StockedVariant, type StockTrackedProduct } from './stock-rules';

/** How a variant and its product's price read for the shopper, whichever engine holds the catalogue. */

const ZERO_PRICE: ResolvedPrice = {
  price: 0,
  sale_price: null,
  retail_price: null,
  calculated_price: 0,
  calculatedMinor: 0,
};

export interface PricedVariant<Variant> {
  variant: Variant;
  /** Null where the shopper's price list does not sell the variant. */
  stored: StoredPrice | null;
  price: ResolvedPrice;
}

/** Each variant with what the shopper pays for it: 0 where their price list does not sell it. */
export function priceVariants<Variant>(
  variants: readonly Variant[],
  storedPrice: (variant: Variant) => StoredPrice | null,
  percentOff: number,
): PricedVariant<Variant>[] {
  return variants.map((variant) => {
    const stored = storedPrice(variant);
    return { variant, stored, price: stored ? resolvePrice(stored, percentOff) : ZERO_PRICE };
  });
}

/** The product's price is its cheapest sold variant's (what a listing shows as "from"). */
export function fromPrice(priced: readonly PricedVariant<unknown>[]): ResolvedPrice {
  const cheapest = priced
    .filter(({ stored }) => stored !== null)
    .sort((a, b) => a.price.calculatedMinor - b.price.calculatedMinor)[0];
  return cheapest?.price ?? ZERO_PRICE;
}

/** The price fields a product or variant DTO shows. */
export function shownPrice(
  price: ResolvedPrice,
): Pick<VariantDto, 'price' | 'sale_price' | 'retail_price' | 'calculated_price'> {
  return {
    price: price.price,
    sale_price: price.sale_price,
    retail_price: price.retail_price,
    calculated_price: price.calculated_price,
  };
}

export function toVariantDto(
  product: StockTrackedProduct & { id: number },
  variant: StockedVariant & { id: number; sku: string },
  price: ResolvedPrice,
  shown: Pick<VariantDto, 'image_url' | 'option_values'>,
): VariantDto {
  return {
    id: variant.id,
    product_id: product.id,
    sku: variant.sku,
    ...shownPrice(price),
    inventory_level: variantInventoryLevel(product, variant),
    is_in_stock: variantInStock(product, variant),
    purchasing_disabled: variant.purchasing_disabled,
    ...shown,
  };
}
