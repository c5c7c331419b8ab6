import { productInStock } from '@piste/commerce';
import { isFlagField, productFlags } from './catalog-conventions';
import type { WireProduct } from './catalog-wire';
import type { ListedProduct } from './category-listing';
import type { PriceOf } from './region-prices';

/** The cheapest sale-aware price of the product's variants in a region, in minor units; null when none is priced. */
export function cheapestToPay(product: WireProduct, priceOf: PriceOf): { minor: number; onSale: boolean } | null {
  const offers = [...(product.variants ?? [])]
    .sort((a, b) => a.id - b.id)
    .flatMap((variant) => {
      const stored = priceOf(product, variant);
      if (!stored) return [];
      const onSale = stored.salePrice !== null && stored.salePrice < stored.price;
      return [{ minor: onSale ? stored.salePrice! : stored.price, onSale }];
    });
  return offers.reduce<{ minor: number; onSale: boolean } | null>(
    (best, offer) => (best === null || offer.minor < best.minor ? offer : best),
    null,
  );
}

/** What a category page reads of a BigCommerce product. */
export function toListedProduct(product: WireProduct, priceOf: PriceOf): ListedProduct {
  const optionById = new Map((product.options ?? []).map((option) => [option.id, option]));
  const variants = product.variants ?? [];
  return {
    id: product.id,
    name: product.name,
    sortOrder: product.sort_order,
    isNew: productFlags(product.custom_fields).isNew,
    createdAt: new Date(product.date_created).toISOString(),
    minPriceMinor: cheapestToPay(product, priceOf)?.minor ?? null,
    inStock: productInStock(product, variants),
    optionValues: variants.flatMap((variant) =>
      variant.option_values.flatMap((used) => {
        const option = optionById.get(used.option_id);
        const value = option?.option_values.find((candidate) => candidate.id === used.id);
        return option && value
          ? [
              {
                optionType: option.type,
                optionName: option.display_name,
                label: value.label,
                hex: value.value_data?.colors ?? [],
                position: value.sort_order,
              },
            ]
          : [];
      }),
    ),
    attributes: (product.custom_fields ?? []).filter((field) => !isFlagField(field)),
  };
}
