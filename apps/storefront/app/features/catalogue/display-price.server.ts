import type { ProductEntry } from '@piste/content';
import type { LocaleState } from '@piste/core';

/**
 * The content price shown where there is no shop (spec §3 'Product card': prices per country),
 * falling back to the price range; null in shopping regions, which show commerce prices.
 */
export function contentDisplayPrice(
  content: Pick<ProductEntry, 'prices' | 'price_range'>,
  localeState: Pick<LocaleState, 'shoppingRegion' | 'country'>,
): string | null {
  if (localeState.shoppingRegion) return null;
  return content.prices[localeState.country] ?? content.price_range;
}
