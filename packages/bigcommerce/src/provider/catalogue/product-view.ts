import {
  fromPrice,
  groupPercentOff,
  priceVariants,
  productInventoryLevel,
  shownPrice,
  toProductImageDto,
  toVariantDto,
  type CategoryDto,
  type ImageSize,
  type PricedVariant,
  type ProductDto,
  type ProductInclude,
  type ProductOptionDto,
  type ShopperContext,
  type VariantDto,
} from '@piste/commerce';
import { isFlagField, mediaIdOf, productFlags } from './catalog-conventions';
import type { WireCategory, WireOption, WireProduct, WireVariant } from './catalog-wire';
import type { PriceOf } from './region-prices';

/**
 * BigCommerce's records as the catalogue answers them. Prices for the shopper, variant and image
 * DTOs and stock come from the rules `@piste/commerce` shares with the embedded engine's
 * product-hydration.ts; what is BigCommerce's own here is reading its records.
 */

export interface ViewContext {
  shopper: ShopperContext;
  priceOf: PriceOf;
  imageUrl: (mediaId: string, size: ImageSize) => string;
}

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
export function pricedVariants(product: WireProduct, context: ViewContext): PricedVariant<WireVariant>[] {
  const percentOff = groupPercentOff(context.shopper.priceAdjustment, {
    id: product.id,
    categoryIds: product.categories,
  });
  const variants = [...(product.variants ?? [])].sort((a, b) => a.id - b.id);
  return priceVariants(variants, (variant) => context.priceOf(product, variant), percentOff);
}

function toViewedVariantDto(
  product: WireProduct,
  { variant, price }: PricedVariant<WireVariant>,
  context: ViewContext,
) {
  return toVariantDto(product, variant, price, {
    image_url: variant.image_url ? context.imageUrl(mediaIdOf(variant.image_url), 'standard') : '',
    option_values: variant.option_values.map((value) => ({
      id: value.id,
      label: value.label,
      option_id: value.option_id,
      option_display_name: value.option_display_name,
    })),
  });
}

/** The product's variants as the catalogue answers them. */
export function toVariantDtos(product: WireProduct, context: ViewContext): VariantDto[] {
  return pricedVariants(product, context).map((priced) => toViewedVariantDto(product, priced, context));
}

export function toProductDto(
  product: WireProduct,
  context: ViewContext,
  include: readonly ProductInclude[],
): ProductDto {
  const priced = pricedVariants(product, context);
  const variants = priced.map((entry) => toViewedVariantDto(product, entry, context));
  const flags = productFlags(product.custom_fields);

  const dto: ProductDto = {
    id: product.id,
    name: product.name,
    type: 'physical',
    sku: product.sku,
    description: product.description,
    weight: product.weight,
    ...shownPrice(fromPrice(priced)),
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
    dto.images = byOrder(product.images ?? []).map((image) =>
      toProductImageDto(product.id, image, mediaIdOf(image.image_file), context.imageUrl),
    );
  }
  if (include.includes('custom_fields')) {
    dto.custom_fields = [...(product.custom_fields ?? [])]
      .filter((field) => !isFlagField(field))
      .sort((a, b) => a.id - b.id)
      .map((field) => ({ id: field.id, name: field.name, value: field.value }));
  }
  return dto;
}
