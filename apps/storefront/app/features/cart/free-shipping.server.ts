import type { ShopperContext } from '@piste/commerce';
import type { FreeShippingView } from './cart-view';
import type { LoadContextOf } from '@piste/server/load-context';

/**
 * How far a subtotal is from free shipping to the shopper's country (spec §5: none
 * when free shipping is hidden for their group). Null when nothing ships there free, or when
 * the shipping engine cannot say: the cart shows without it (spec §8 degrading).
 */
export async function freeShippingProgress(
  context: LoadContextOf<'shipping'>,
  shopper: ShopperContext,
  country: string,
  subtotal: number,
  decimalPlaces: number,
): Promise<FreeShippingView | null> {
  const thresholdMinor = await context.services.shipping
    .freeShippingThreshold(shopper.region, { country, customerGroupId: shopper.customerGroupId })
    .catch(() => null);
  if (thresholdMinor === null) return null;
  const scale = 10 ** decimalPlaces;
  const remainingMinor = Math.max(0, thresholdMinor - Math.round(subtotal * scale));
  return { threshold: thresholdMinor / scale, remaining: remainingMinor / scale };
}
