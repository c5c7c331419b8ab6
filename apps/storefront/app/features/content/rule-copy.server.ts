import { resolveCommerceRegion } from '@piste/commerce';
import { isShoppingRegion, type LocaleState, type ShoppingRegion } from '@piste/core';
import { fillRuleCopy, formatRuleAmount, freeShippingRegionsIn } from './rule-copy';
import type { LoadContextOf } from '@piste/server/load-context';

/** What filling in rule copy reads: free-shipping thresholds and currencies. */
export type RuleCopyReads = LoadContextOf<'shipping' | 'store'>;

/**
 * Reads the rules that `source` (the page's content, as JSON) names in its copy, and answers
 * the function that fills them in (rule-copy.ts). The thresholds are the guest's: a content
 * page is the same for every shopper of its locale. A region without free shipping or a
 * currency fills in ''; a database failure fails the page as its other commerce reads do.
 */
export async function loadRuleCopy(
  context: RuleCopyReads,
  localeState: LocaleState,
  source: string,
): Promise<(text: string) => string> {
  const { shipping, store } = context.services;
  const ownRegion: ShoppingRegion = isShoppingRegion(localeState.bcRegion) ? localeState.bcRegion : 'us';
  const entries = await Promise.all(
    freeShippingRegionsIn(source, ownRegion).map(async (regionId) => {
      const region = resolveCommerceRegion(regionId);
      const [thresholdMinor, currencies] = await Promise.all([
        shipping.freeShippingThreshold(region),
        store.listCurrencies(region),
      ]);
      const [currency] = currencies.data;
      if (thresholdMinor === null || !currency) return [];
      const amount = thresholdMinor / 10 ** currency.decimal_places;
      return [[regionId, formatRuleAmount(amount, currency.currency_code, localeState.locale)] as const];
    }),
  );
  const thresholds = new Map(entries.flat());
  return (text) => fillRuleCopy(text, thresholds, ownRegion);
}
