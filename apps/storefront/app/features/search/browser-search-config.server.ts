import type { ShopperContext } from '@piste/commerce';
import type { LocaleState } from '@piste/core';
import { priceFieldOf } from '@piste/search';
import type { LoadContextOf } from '@piste/server/load-context';
import { currencyFormatFor } from '../catalogue/currency.server';
import type { CurrencyReads } from '../catalogue/region-currencies.server';
import type { BrowserSearchConfig } from './browser-search-config';
import { priceListOf } from './search-page.server';

/**
 * What the browser needs to search from the header: the engine's public, read-only key and
 * where to send it, and the shopper's locale, region and price list so suggestions and
 * instant results match what the search page shows them.
 */
export async function loadBrowserSearchConfig(
  context: CurrencyReads & LoadContextOf<'search'>,
  localeState: LocaleState,
  shopper: ShopperContext,
): Promise<BrowserSearchConfig> {
  const priceList = priceListOf(localeState, shopper.region.priceListRegion);
  const { endpointBase, engineName, searchKey, hosted } = context.services.search.browser;
  return {
    endpointBase,
    engineName,
    searchKey,
    hosted,
    locale: localeState.contentLocale,
    region: localeState.ctsRegion,
    priceField: priceList ? priceFieldOf(priceList) : null,
    currency: priceList ? await currencyFormatFor(context, shopper, localeState.locale) : null,
  };
}
