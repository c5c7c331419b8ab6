import { findCountry, type LocaleState } from '@piste/core';
import type { StoreEntry } from '@piste/content';
import type { LoadContextOf } from '@piste/server/load-context';
import { countryName } from '../../lib/country-name';
import { distanceUnitFor, formatDistance, parseCoordinates, type LatLng } from './geo';
import { resolvePlace, warmPlaceLookup } from './place-lookup.server';
import { addressLines, directionsUrl, telHref, websiteHref } from './store-format';
import { dealerAtPlace, locateStores, normalizeSearchText, usableLocation } from './store-search';

/** Longer than any town, postcode or "city, state, country" a shopper would type. */
const MAX_QUERY_LENGTH = 100;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** One dealer card, ready to show. */
export interface StoreCardView {
  uid: string;
  title: string;
  addressLines: string[];
  phone: string;
  phoneHref: string | null;
  website: string | null;
  services: string[];
  directionsUrl: string;
  /** "3.4 km" from the shopper or the place searched for; null when neither is known. */
  distance: string | null;
  /** Null for a dealer whose coordinates are unusable: it lists but has no marker. */
  location: LatLng | null;
}

export interface StoresPageData {
  query: string;
  /** The shopper's position from `?lat=&lng=`, when valid. */
  origin: LatLng | null;
  /** The query is a postcode or town whose position is known: the list is the dealers near it. */
  placeFound: boolean;
  /** `?lat=&lng=` was given but could not be used, so the list is in its usual order. */
  invalidLocation: boolean;
  stores: StoreCardView[];
  /** Every dealer of the region, searched or not: tells "none match" from "none here". */
  totalInRegion: number;
  /** The tile server of the map; no map without one. */
  mapTileUrl: string | null;
}

/** Where a query is: a postcode or town the offline datasets know, nearest a dealer of that town if any. */
function placeOf(query: string, stores: readonly StoreEntry[], localeState: LocaleState): Promise<LatLng | null> {
  const countries = new Set(stores.map((store) => store.address.country.toUpperCase()));
  countries.add(localeState.country.toUpperCase());
  const dealer = dealerAtPlace(stores, query);
  const countryNames = (code: string) =>
    [countryName(code, localeState.language), findCountry(code)?.text ?? ''].map(normalizeSearchText);
  return resolvePlace(query, { countries, near: dealer ? usableLocation(dealer) : null }, countryNames);
}

/**
 * The dealer locator (spec §1, §2 `/{lang}/stores`): the region's dealers near the `?q=`
 * postcode or town (or matching it, when it is not a place the datasets know), or sorted by
 * distance from `?lat=&lng=`. The query is read leniently: anything unusable is dropped, with
 * a message for a bad position, never a 500.
 */
export async function loadStoresPage(
  context: LoadContextOf<'content', 'mapTileUrl'>,
  localeState: LocaleState,
  searchParams: URLSearchParams,
): Promise<StoresPageData> {
  const query = (searchParams.get('q') ?? '').replace(CONTROL_CHARACTERS, ' ').trim().slice(0, MAX_QUERY_LENGTH);
  const coordinates = parseCoordinates(searchParams.get('lat'), searchParams.get('lng'));
  const origin = coordinates.kind === 'valid' ? coordinates.point : null;
  // Never rejects: a content failure is logged and lists no dealers (spec §8).
  const stores = await context.services.content.client.stores(localeState.contentLocale, localeState.ctsRegion);
  // The page without a search is where a shopper is about to type one.
  if (query === '') warmPlaceLookup();
  const place = origin || query === '' ? null : await placeOf(query, stores, localeState);
  const { language } = localeState;
  const unit = distanceUnitFor(localeState.country);
  return {
    query,
    origin,
    placeFound: place !== null,
    invalidLocation: coordinates.kind === 'invalid',
    stores: locateStores(stores, { query, origin, place }, language).map(({ store, distanceKm }) => ({
      uid: store.uid,
      title: store.title,
      addressLines: addressLines(store.address, language),
      phone: store.phone,
      phoneHref: telHref(store.phone),
      website: websiteHref(store.website),
      services: store.services,
      directionsUrl: directionsUrl(store.address, language),
      distance: distanceKm === null ? null : formatDistance(distanceKm, unit, language),
      location: usableLocation(store),
    })),
    totalInRegion: stores.length,
    mapTileUrl: context.mapTileUrl,
  };
}
