import {
  groupPercentOff,
  resolvePrice,
  type CategoryDto,
  type ImageSize,
  type ProductDto,
  type ProductInclude,
  type ProductOptionDto,
  type ResolvedPrice,
  type ShopperContext,
  type VariantDto,
} from '@piste/commerce';
import { isFlagField, mediaIdOf, productFlags, productInventoryLevel, variantInStock } from './catalog-conventions';
import type { WireCategory, WireOption, WireProduct, WireVariant } from './catalog-wire';
import type { PriceOf } from './region-prices';

/**
 * BigCommerce's records as the catalogue answers them, the way the embedded engine builds its
 * DTOs (packages/commerce/src/catalogue/product-hydration.ts): prices for the shopper, our image
 * URLs, stock by the embedded rule.
 */

export interface ViewContext {
  shopper: ShopperContext;
  priceOf: PriceOf;
  imageUrl: (mediaId: string, size: ImageSize) => string;
}

const ZERO_PRICE: ResolvedPrice = {
  price: 0,
  sale_price: null,
  retail_price: null,
  calculated_price: 0,
  calculatedMinor: 0,
};

const byOrder = <T extends { sort_order: number; id: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);

export function toOptionDto(option: WireOption): ProductOptionDto {
  const type = option.type === 'swatch' ? 'swatch' : 'rectangles';
  return {
    id: option.id,
    product_id: option.product_id,
    display_name: option.display_name,
    type,
    sort_order: option.sort_order,
    option_values: byOrder(option.option_values).map((value) => ({
      id: value.id,
      label: value.label,
      sort_order: value.sort_order,
      value_data: type === 'swatch' ? { colors: value.value_data?.colors ?? [] } : null,
      is_default: value.is_default,
    })),
  };
}

/** `/goggles/spherical/` → `goggles/spherical`: our category path is BigCommerce's URL without its slashes. */
export function categoryPath(category: WireCategory): string {
  return category.url.path.replace(/^\/+|\/+$/g, '');
}

export function toCategoryDto(category: WireCategory): CategoryDto {
  return {
    id: category.category_id,
    parent_id: category.parent_id,
    name: category.name,
    description: category.description,
    sort_order: category.sort_order,
    is_visible: category.is_visible,
    custom_url: { url: `/${categoryPath(category)}/`, is_customized: false },
  };
}

/** Each variant of the product with what the shopper pays for it. */
export function pricedVariants(product: WireProduct, context: ViewContext) {
  const percentOff = groupPercentOff(context.shopper.priceAdjustment, {
    id: product.id,
    categoryIds: product.categories,
  });
  return [...(product.variants ?? [])]
    .sort((a, b) => a.id - b.id)
    .map((variant) => {
      const stored = context.priceOf(product, variant);
      return { variant, stored, price: stored ? resolvePrice(stored, percentOff) : ZERO_PRICE };
    });
}

function toVariantDto(
  product: WireProduct,
  variant: WireVariant,
  price: ResolvedPrice,
  context: ViewContext,
): VariantDto {
  return {
    id: variant.id,
    product_id: product.id,
    sku: variant.sku,
    price: price.price,
    sale_price: price.sale_price,
    retail_price: price.retail_price,
    calculated_price: price.calculated_price,
    inventory_level: product.inventory_tracking === 'variant' ? variant.inventory_level : 0,
    is_in_stock: variantInStock(product, variant),
    purchasing_disabled: variant.purchasing_disabled,
    image_url: variant.image_url ? context.imageUrl(mediaIdOf(variant.image_url), 'standard') : '',
    option_values: variant.option_values.map((value) => ({
      id: value.id,
      label: value.label,
      option_id: value.option_id,
      option_display_name: value.option_display_name,
    })),
  };
}

/** The product's variants as the catalogue answers them. */
export function toVariantDtos(product: WireProduct, context: ViewContext): VariantDto[] {
  return pricedVariants(product, context).map(({ variant, price }) => toVariantDto(product, variant, price, context));
}

export function toProductDto(
  product: WireProduct,
  context: ViewContext,
  include: readonly ProductInclude[],
): ProductDto {
  const priced = pricedVariants(product, context);
  const variants = priced.map(({ variant, price }) => toVariantDto(product, variant, price, context));
  // The product's price is its cheapest variant's (what a listing shows as "from").
  const cheapest = priced
    .filter(({ stored }) => stored !== null)
    .sort((a, b) => a.price.calculatedMinor - b.price.calculatedMinor)[0];
  const price = cheapest?.price ?? ZERO_PRICE;
  const flags = productFlags(product.custom_fields);

  const dto: ProductDto = {
    id: product.id,
    name: product.name,
    type: 'physical',
    sku: product.sku,
    description: product.description,
    weight: product.weight,
    price: price.price,
    sale_price: price.sale_price,
    retail_price: price.retail_price,
    calculated_price: price.calculated_price,
    categories: product.categories,
    brand_id: product.brand_id > 0 ? product.brand_id : null,
    inventory_level: productInventoryLevel(product, product.variants ?? []),
    inventory_tracking: product.inventory_tracking,
    is_visible: product.is_visible,
    is_in_stock: variants.some((variant) => variant.is_in_stock),
    is_new: flags.isNew,
    is_redesigned: flags.isRedesigned,
    availability: product.is_visible ? 'available' : 'disabled',
    custom_url: { url: product.custom_url.url, is_customized: false },
    base_variant_id: priced[0]?.variant.id ?? null,
    date_created: new Date(product.date_created).toISOString(),
    date_modified: new Date(product.date_modified).toISOString(),
  };
  if (include.includes('variants')) dto.variants = variants;
  if (include.includes('options')) dto.options = byOrder(product.options ?? []).map(toOptionDto);
  if (include.includes('images')) {
    dto.images = byOrder(product.images ?? []).map((image) => {
      const mediaId = mediaIdOf(image.image_file);
      return {
        id: image.id,
        product_id: product.id,
        is_thumbnail: image.is_thumbnail,
        sort_order: image.sort_order,
        description: image.description,
        image_file: mediaId,
        url_zoom: context.imageUrl(mediaId, 'zoom'),
        url_standard: context.imageUrl(mediaId, 'standard'),
        url_thumbnail: context.imageUrl(mediaId, 'thumbnail'),
        url_tiny: context.imageUrl(mediaId, 'tiny'),
      };
    });
  }
  if (include.includes('custom_fields')) {
    dto.custom_fields = [...(product.custom_fields ?? [])]
      .filter((field) => !isFlagField(field))
      .sort((a, b) => a.id - b.id)
      .map((field) => ({ id: field.id, name: field.name, value: field.value }));
  }
  return dto;
}
