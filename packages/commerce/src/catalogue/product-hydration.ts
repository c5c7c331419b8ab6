import { and, eq } from 'drizzle-orm';
import { DomainError } from '@piste/core';
import type { Db } from '@piste/db';
import { groupPercentOff } from '../pricing/pricing-service';
import { products, type categories } from '../schema/index';
import type { ShopperContext } from '../shopper-context';
import type { ImageSize } from './catalogue-contract';
import { toProductImageDto } from './image-view';
import type { CategoryDto, ProductDto, ProductOptionDto, VariantDto } from './dto';
import type { ProductInclude } from './query-schemas';
import { loadProductGraph, loadProductRecords, type ProductGraph, type ProductRecord } from './product-graph';
import { productInventoryLevel } from './stock-rules';
import { fromPrice, priceVariants, shownPrice, toVariantDto } from './variant-view';

export function notFound(what: string, id: number): DomainError {
  return new DomainError('NOT_FOUND', `${what} ${id} does not exist.`);
}

function toOptionDto(option: ProductGraph['options'][number]): ProductOptionDto {
  return {
    id: option.id,
    product_id: option.product_id,
    display_name: option.display_name,
    type: option.type,
    sort_order: option.sort_order,
    option_values: option.values.map((value) => ({
      id: value.id,
      label: value.label,
      sort_order: value.sort_order,
      value_data: option.type === 'swatch' ? { colors: value.hex_colors } : null,
      is_default: value.is_default,
    })),
  };
}

export function toCategoryDto(row: typeof categories.$inferSelect): CategoryDto {
  return {
    id: row.id,
    parent_id: row.parentId ?? 0,
    name: row.name,
    description: row.description,
    sort_order: row.sortOrder,
    is_visible: row.isVisible,
    custom_url: { url: `/${row.path}/`, is_customized: false },
  };
}

/**
 * Products as the catalogue answers them, shared by its reads and listings: the DTOs of a page
 * of products built from two statements (the page and its graph), priced for the shopper.
 */
export function createProductHydration(db: Db, imageUrl: (mediaId: string, size: ImageSize) => string) {
  /** Builds the DTOs of a page of products from two statements: the page and its graph. */
  async function hydrateProducts(
    shopper: ShopperContext,
    rows: ProductRecord[],
    include: readonly ProductInclude[],
  ): Promise<ProductDto[]> {
    if (rows.length === 0) return [];
    const graph = await loadProductGraph(db, {
      productIds: rows.map((row) => row.id),
      priceListRegion: shopper.region.priceListRegion,
      withOptions: include.includes('options') || include.includes('variants'),
      withImages: include.includes('images'),
      withCustomFields: include.includes('custom_fields'),
    });
    const optionDtos = graph.options.map(toOptionDto);
    const optionValueById = new Map(
      optionDtos.flatMap((option) => option.option_values.map((value) => [value.id, { value, option }] as const)),
    );
    const byProduct = <Item extends { product_id: number }>(items: Item[]) => {
      const grouped = new Map<number, Item[]>();
      for (const item of items) grouped.set(item.product_id, [...(grouped.get(item.product_id) ?? []), item]);
      return (productId: number) => grouped.get(productId) ?? [];
    };
    const variantsOf = byProduct(graph.variants);
    const categoriesOf = byProduct(graph.categories);
    const optionsOf = byProduct(optionDtos);
    const imagesOf = byProduct(graph.images);
    const fieldsOf = byProduct(graph.custom_fields);

    return rows.map((product) => {
      const productVariants = variantsOf(product.id);
      const percentOff = groupPercentOff(shopper.priceAdjustment, {
        id: product.id,
        categoryIds: categoriesOf(product.id).map((category) => category.category_id),
      });
      const priced = priceVariants(
        productVariants,
        (variant) =>
          variant.price === null
            ? null
            : { price: variant.price, salePrice: variant.sale_price, retailPrice: variant.retail_price },
        percentOff,
      );
      const variantDtos: VariantDto[] = priced.map(({ variant, price }) =>
        toVariantDto(product, variant, price, {
          image_url: variant.image_media_id ? imageUrl(variant.image_media_id, 'standard') : '',
          option_values: variant.option_value_ids.flatMap((valueId) => {
            const found = optionValueById.get(valueId);
            return found
              ? [
                  {
                    id: valueId,
                    label: found.value.label,
                    option_id: found.option.id,
                    option_display_name: found.option.display_name,
                  },
                ]
              : [];
          }),
        }),
      );
      const inventoryLevel = productInventoryLevel(product, productVariants);

      const dto: ProductDto = {
        id: product.id,
        name: product.name,
        type: 'physical',
        sku: product.sku,
        description: product.description,
        weight: product.weight_grams,
        ...shownPrice(fromPrice(priced)),
        categories: categoriesOf(product.id).map((row) => row.category_id),
        brand_id: product.brand_id,
        inventory_level: inventoryLevel,
        inventory_tracking: product.inventory_tracking,
        is_visible: product.is_visible,
        is_in_stock: variantDtos.some((variant) => variant.is_in_stock),
        is_new: product.is_new,
        is_redesigned: product.is_redesigned,
        availability: product.is_visible ? 'available' : 'disabled',
        custom_url: { url: `/${product.uid}/`, is_customized: false },
        base_variant_id: productVariants[0]?.id ?? null,
        date_created: new Date(product.created_at).toISOString(),
        date_modified: new Date(product.updated_at).toISOString(),
      };
      if (include.includes('variants')) dto.variants = variantDtos;
      if (include.includes('options')) dto.options = optionsOf(product.id);
      if (include.includes('images')) {
        dto.images = imagesOf(product.id).map((image) =>
          toProductImageDto(product.id, image, image.media_id, imageUrl),
        );
      }
      if (include.includes('custom_fields')) {
        dto.custom_fields = fieldsOf(product.id).map((field) => ({
          id: field.id,
          name: field.name,
          value: field.value,
        }));
      }
      return dto;
    });
  }

  async function loadOptions(productId: number): Promise<ProductOptionDto[]> {
    const graph = await loadProductGraph(db, {
      productIds: [productId],
      priceListRegion: 'us',
      withOptions: true,
      withImages: false,
      withCustomFields: false,
    });
    return graph.options.map(toOptionDto);
  }

  async function findVisibleProduct(id: number): Promise<ProductRecord> {
    const { rows } = await loadProductRecords(db, { where: and(eq(products.id, id), eq(products.isVisible, true))! });
    if (!rows[0]) throw notFound('Product', id);
    return rows[0];
  }

  return { hydrateProducts, loadOptions, findVisibleProduct };
}

export type ProductHydration = ReturnType<typeof createProductHydration>;

/** A cache key for an answer that depends on the shopper: prices follow the region and the group. */
export function shopperCacheKey(operation: string, shopper: ShopperContext, query: unknown): string {
  return JSON.stringify([operation, shopper.region.id, shopper.priceAdjustment?.groupId ?? 0, query]);
}
