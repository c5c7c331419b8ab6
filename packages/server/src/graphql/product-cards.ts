import {
  MAX_PAGE_SIZE,
  productListQuerySchema,
  type CatalogueService,
  type ProductDto,
  type ProductInclude,
  type ShopperContext,
  type VariantDto,
} from '@piste/commerce';
import type { ContentProduct } from './content-products';

interface Money {
  value: number;
}

/** Spec §3 'Product card (related-products query)': the content half plus `bcProduct`. */
export interface ProductCard extends ContentProduct {
  bcProduct: {
    id: number;
    calculatedPrice: Money;
    retailPrice: Money | null;
    inventory_tracking: ProductDto['inventory_tracking'];
    inventoryLevel: number;
    isInStock: boolean;
    availability: ProductDto['availability'];
    variants: {
      id: number;
      inventoryLevel: number;
      isInStock: boolean;
      isPurchasable: boolean;
      thumbnail: string | null;
      calculatedPrice: Money;
      retailPrice: Money | null;
      option_values: {
        id: number;
        option_display_name: string;
        values: { id: number; label: string; hexColors: string[] }[];
      }[];
    }[];
    product_options: {
      id: number;
      displayName: string;
      values: { entityId: number; label: string; hexColors: string[] }[];
    }[];
    isNew: boolean;
    isRedesigned: boolean;
    customFields: { name: string; value: string }[];
  };
}

/** Commerce products by id, priced for the shopper, fetched a page (250 ids) at a time. */
export async function fetchCommerceProducts(
  catalogue: CatalogueService,
  shopper: ShopperContext,
  ids: readonly number[],
  include: readonly ProductInclude[],
): Promise<Map<number, ProductDto>> {
  const byId = new Map<number, ProductDto>();
  for (let start = 0; start < ids.length; start += MAX_PAGE_SIZE) {
    const chunk = ids.slice(start, start + MAX_PAGE_SIZE);
    const query = productListQuerySchema.parse({
      'id:in': chunk.join(','),
      include: include.join(','),
      page: 1,
      limit: MAX_PAGE_SIZE,
      sort: 'id',
      direction: 'asc',
    });
    for (const product of (await catalogue.listProducts(shopper, query)).data) byId.set(product.id, product);
  }
  return byId;
}

const money = (value: number | null): Money | null => (value === null ? null : { value });

function toCommerceCard(product: ProductDto, includeVariantRetailPrice: boolean): ProductCard['bcProduct'] {
  const options = product.options ?? [];
  const hexColorsOf = new Map(
    options.flatMap((option) => option.option_values.map((value) => [value.id, value.value_data?.colors ?? []])),
  );
  const toVariant = (variant: VariantDto): ProductCard['bcProduct']['variants'][number] => ({
    id: variant.id,
    inventoryLevel: variant.inventory_level,
    isInStock: variant.is_in_stock,
    isPurchasable: !variant.purchasing_disabled,
    thumbnail: variant.image_url || null,
    calculatedPrice: { value: variant.calculated_price },
    retailPrice: includeVariantRetailPrice ? money(variant.retail_price) : null,
    option_values: variant.option_values.map((optionValue) => ({
      id: optionValue.option_id,
      option_display_name: optionValue.option_display_name,
      values: [{ id: optionValue.id, label: optionValue.label, hexColors: hexColorsOf.get(optionValue.id) ?? [] }],
    })),
  });
  return {
    id: product.id,
    calculatedPrice: { value: product.calculated_price },
    retailPrice: money(product.retail_price),
    inventory_tracking: product.inventory_tracking,
    inventoryLevel: product.inventory_level,
    isInStock: product.is_in_stock,
    availability: product.availability,
    variants: (product.variants ?? []).map(toVariant),
    product_options: options.map((option) => ({
      id: option.id,
      displayName: option.display_name,
      values: option.option_values.map((value) => ({
        entityId: value.id,
        label: value.label,
        hexColors: value.value_data?.colors ?? [],
      })),
    })),
    isNew: product.is_new,
    isRedesigned: product.is_redesigned,
    customFields: (product.custom_fields ?? []).map(({ name, value }) => ({ name, value })),
  };
}

/**
 * Joins content products with their commerce products for the shopper's region, keeping the
 * given order and dropping any without a visible commerce product there.
 */
export async function loadProductCards(
  catalogue: CatalogueService,
  shopper: ShopperContext,
  contentProducts: readonly ContentProduct[],
  includeVariantRetailPrice: boolean,
): Promise<ProductCard[]> {
  const region = shopper.region.priceListRegion;
  const commerceProducts = await fetchCommerceProducts(
    catalogue,
    shopper,
    contentProducts.flatMap((product) => product.bc_products[region] ?? []),
    ['variants', 'options', 'custom_fields'],
  );
  return contentProducts.flatMap((content) => {
    const id = content.bc_products[region];
    const commerce = id === undefined ? undefined : commerceProducts.get(id);
    return commerce ? [{ ...content, bcProduct: toCommerceCard(commerce, includeVariantRetailPrice) }] : [];
  });
}
