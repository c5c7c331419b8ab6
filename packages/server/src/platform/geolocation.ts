import { createRequire } from 'node:module';
import type { FastifyRequest } from 'fastify';
import { createAddressList, INTERNAL_RANGES } from './address-list';

/** Finds an address's ISO country code (any case), or null; may throw. */
export type CountryLookup = (ip: string) => string | null;

const COUNTRY_CODE = /^[a-z]{2}$/;
/** Two letters that name no country: Cloudflare's "unknown" (XX) and the ISO "unknown" ZZ. */
const NOT_A_COUNTRY = new Set(['xx', 'zz']);

function countryCodeOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toLowerCase();
  return COUNTRY_CODE.test(code) && !NOT_A_COUNTRY.has(code) ? code : null;
}

let geoipLookup: CountryLookup | undefined;

/**
 * The offline GeoLite2 country database of the `geoip-country` package (docs/decisions/011).
 * Loaded on the first lookup, once per process: reading it takes ~100 ms and ~19 MB of memory,
 * which tests and instances behind a geo-aware CDN never pay.
 */
const lookupInGeoipDatabase: CountryLookup = (ip) => {
  if (!geoipLookup) {
    const geoip = createRequire(import.meta.url)('geoip-country') as {
      lookup(ip: string): { country?: string } | null;
    };
    geoipLookup = (address) => geoip.lookup(address)?.country ?? null;
  }
  return geoipLookup(ip);
};

/** Addresses no database places: a local visitor, a test, an e2e browser behind `10.x`. */
const internal = createAddressList(INTERNAL_RANGES);

export interface GeolocationOptions {
  /** Trusted CDN headers carrying the visitor's country (config GEO_COUNTRY_HEADERS), lowercase. */
  headerNames: readonly string[];
  /** The address database; the offline GeoLite2 one unless given (tests). */
  lookup?: CountryLookup;
}

/**
 * Spec §7: "GET /api/geolocation returns a country code, which is lowercased. On failure it
 * logs an error and returns nothing." The visitor's country, from a trusted CDN header, else
 * from their address in the offline database; null when neither knows.
 */
export function createGeolocation({ headerNames, lookup = lookupInGeoipDatabase }: GeolocationOptions) {
  return {
    countryOf(request: FastifyRequest): string | null {
      for (const name of headerNames) {
        // `XX`, `T1` (Tor) and garbage fall through to the next source.
        const fromHeader = countryCodeOf(request.headers[name]);
        if (fromHeader) return fromHeader;
      }
      if (internal.has(request.ip)) return null;
      try {
        return countryCodeOf(lookup(request.ip));
      } catch (error) {
        // Spec §8: "Failures of … geolocation fetches are only logged."
        request.log.error({ err: error }, 'geolocation lookup failed');
        return null;
      }
    },
  };
}

export type Geolocation = ReturnType<typeof createGeolocation>;
