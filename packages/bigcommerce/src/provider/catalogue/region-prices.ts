import type { StoredPrice } from '@piste/commerce';
import type { ShoppingRegion } from '@piste/core';
import type { BigCommerceSettings } from '../../settings';
import type { CatalogCalls } from './catalog-calls';
import type { WirePriceRecord, WireProduct, WireVariant } from './catalog-wire';

/** A variant's stored price in a region (minor units), or null when the region has no price for it. */
export type PriceOf = (product: WireProduct, variant: WireVariant) => StoredPrice | null;

/** BigCommerce's decimal amount in minor units; 0 or absent is "none" for sale and retail prices. */
function minor(amount: number): number {
  return Math.round(amount * 100);
}
function optionalMinor(amount: number | null | undefined): number | null {
  return amount === null || amount === undefined || amount <= 0 ? null : minor(amount);
}

function fromRecord(record: WirePriceRecord): StoredPrice {
  return {
    price: minor(record.price),
    salePrice: optionalMinor(record.sale_price),
    retailPrice: optionalMinor(record.retail_price),
  };
}

/** The catalogue's own price: the variant's, else the product's (BigCommerce's inheritance). */
function fromCatalogue(product: WireProduct, variant: WireVariant): StoredPrice {
  return {
    price: minor(variant.price ?? product.price),
    salePrice: optionalMinor(variant.price === null ? product.sale_price : variant.sale_price),
    retailPrice: optionalMinor(variant.price === null ? product.retail_price : variant.retail_price),
  };
}

/**
 * The prices of these products' variants in a region: its price list's records in its currency
 * (a variant without a record has no price there, as in the embedded engine: the catalogue's own
 * prices are in the store's default currency), or the catalogue's prices for a region without one.
 */
export async function regionPrices(
  calls: CatalogCalls,
  settings: BigCommerceSettings,
  region: ShoppingRegion,
  products: readonly WireProduct[],
): Promise<PriceOf> {
  const { priceListId, currencyCode } = settings.regions[region];
  if (priceListId === null) return fromCatalogue;
  const variantIds = products.flatMap((product) => (product.variants ?? []).map((variant) => variant.id));
  const records = await calls.priceRecords(priceListId, currencyCode, variantIds);
  return (_product, variant) => {
    const record = records.get(variant.id);
    return record ? fromRecord(record) : null;
  };
}
