import type { PriceField } from '@piste/search';
import type { CurrencyFormatView } from '../../lib/money';

/** The header search's settings, from the root loader (browser-search-config.server.ts). */
export interface BrowserSearchConfig {
  /** The API root ending in /api/as/v1, absolute or relative to the page. */
  endpointBase: string;
  engineName: string;
  /** App Search's public search key: read-only, meant for browsers. */
  searchKey: string;
  /** A hosted App Search engine, sent only the parameters App Search documents (no suggestion filters). */
  hosted: boolean;
  /** The shopper's content locale and region, which every query is limited to. */
  locale: string;
  region: string;
  /** The price list's field; null where prices come from content (no shop in the country). */
  priceField: PriceField | null;
  currency: CurrencyFormatView | null;
}

declare module '../../lib/root-data' {
  interface RootData {
    /** The header search's engine, key and scope. */
    search: BrowserSearchConfig;
  }
}
