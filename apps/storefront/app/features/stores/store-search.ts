import { findCountry } from '@piste/core';
import type { StoreEntry } from '@piste/content';
import { haversineKm, isValidLatLng, type LatLng } from './geo';
import { countryName } from '../../lib/country-name';

/** What the search reads of a dealer. */
export type SearchableStore = Pick<StoreEntry, 'uid' | 'title' | 'address' | 'location'>;

/** Letters NFD does not split into a base letter and a mark. */
const FOLDED_LETTERS: Readonly<Record<string, string>> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd' };

/**
 * Text as the search compares it: without accents (NFD, marks dropped), lower case, words
 * separated by single spaces, so "Zürich", "zurich" and "ZURICH " are the same place.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßøæœłđ]/g, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface SearchKeys {
  /** Words a query term may be the start of ("inns" finds Innsbruck). */
  words: string[];
  /** Exact-only keys: the country code, so "at" finds Austria but not every "Matrei". */
  codes: string[];
}

function searchKeys(store: SearchableStore, language: string): SearchKeys {
  const { city, postal_code, state, country } = store.address;
  const names = [city, postal_code, state, country, countryName(country, language)];
  const englishName = findCountry(country)?.text;
  if (englishName) names.push(englishName);
  const words = names.flatMap((name) => normalizeSearchText(name).split(' ')).filter(Boolean);
  // "SW1A1AA" typed without its space still finds "SW1A 1AA".
  words.push(normalizeSearchText(postal_code).replace(/ /g, ''));
  return { words, codes: [normalizeSearchText(country)] };
}

/** Every term of the query must start a word of the dealer's place ("denver co", "innsbruck austria"). */
function matches(keys: SearchKeys, terms: readonly string[]): boolean {
  return terms.every((term) => keys.codes.includes(term) || keys.words.some((word) => word.startsWith(term)));
}

/** The dealer whose town or postcode is the whole query, as the place a search is about. */
function isExactPlace(store: SearchableStore, query: string): boolean {
  const compact = query.replace(/ /g, '');
  return (
    normalizeSearchText(store.address.city) === query ||
    normalizeSearchText(store.address.postal_code).replace(/ /g, '') === compact
  );
}

/** A dealer's coordinates, or null when content has none usable (it is edited by hand). */
export function usableLocation(store: SearchableStore): LatLng | null {
  const { location } = store;
  return typeof location === 'object' && location !== null && isValidLatLng(location) ? location : null;
}

function distanceFrom(origin: LatLng, store: SearchableStore): number {
  // A dealer without usable coordinates still lists, last.
  const location = usableLocation(store);
  return location ? haversineKm(origin, location) : Number.POSITIVE_INFINITY;
}

/**
 * How far from a searched town or postcode a dealer still counts as near it: a long drive for
 * a binding setup or a helmet fitting, but not a different part of the country.
 */
export const NEARBY_RADIUS_KM = 400;

export interface StoreSearch {
  /** What the shopper typed; empty lists every dealer. */
  query: string;
  /** The shopper's own position, when they shared it. */
  origin: LatLng | null;
  /** Where the query is (a postcode or town the place lookup knows), else null. */
  place?: LatLng | null;
}

export interface LocatedStore<T> {
  store: T;
  /** Kilometres from the shopper or the place searched for; null when neither is known. */
  distanceKm: number | null;
}

/** The dealer whose own town or postcode is the whole query, if any: where the search is about. */
export function dealerAtPlace<T extends SearchableStore>(stores: readonly T[], query: string): T | undefined {
  const normalized = normalizeSearchText(query);
  return normalized === '' ? undefined : stores.find((store) => isExactPlace(store, normalized));
}

function byDistance<T extends SearchableStore>(
  stores: readonly T[],
  from: LatLng,
): Array<{ store: T; sortKm: number }> {
  return stores
    .map((store) => ({ store, sortKm: distanceFrom(from, store) }))
    .sort((a, b) => a.sortKm - b.sortKm || a.store.title.localeCompare(b.store.title));
}

/**
 * The dealers for a search. The shopper's position sorts the dealers (all, or those matching
 * the query) by distance from them.
 * A query the place lookup located (a postcode or town, with or without a dealer) lists the
 * dealers within NEARBY_RADIUS_KM of it, and those whose own town, postcode, state or country
 * match it, by distance from it. Any other query keeps the dealers whose place matches it,
 * sorted by distance from the place searched for (the dealer in that town, else the first
 * match), without a distance: it would be from a guess. No search keeps the content's order.
 */
export function locateStores<T extends SearchableStore>(
  stores: readonly T[],
  search: StoreSearch,
  language: string,
): LocatedStore<T>[] {
  const query = normalizeSearchText(search.query);
  const terms = query.split(' ').filter(Boolean);
  const found = terms.length > 0 ? stores.filter((store) => matches(searchKeys(store, language), terms)) : [...stores];
  const known = search.origin ?? (terms.length > 0 ? (search.place ?? null) : null);
  if (known) {
    // With the shopper's position, a query still narrows the list; a located place widens it.
    const listed = search.origin
      ? found
      : [...new Set([...stores.filter((store) => distanceFrom(known, store) <= NEARBY_RADIUS_KM), ...found])];
    return byDistance(listed, known).map(({ store, sortKm }) => ({
      store,
      distanceKm: Number.isFinite(sortKm) ? sortKm : null,
    }));
  }
  const place = terms.length > 0 ? (found.find((store) => isExactPlace(store, query)) ?? found[0]) : undefined;
  const from = place ? usableLocation(place) : null;
  if (!from) return found.map((store) => ({ store, distanceKm: null }));
  return byDistance(found, from).map(({ store }) => ({ store, distanceKm: null }));
}
