/** A point on the globe in decimal degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** The mean Earth radius (IUGG), which keeps the spherical model's error well under 1 %. */
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_MILE = 1.609344;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine formula): exact enough for "how far is the shop". */
export function haversineKm(from: LatLng, to: LatLng): number {
  const dLat = toRadians(to.lat - from.lat);
  const dLng = toRadians(to.lng - from.lng);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLng / 2) ** 2;
  // min() guards against rounding pushing `a` a hair above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function isValidLatLng(point: LatLng): boolean {
  return (
    Number.isFinite(point.lat) && Number.isFinite(point.lng) && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180
  );
}

/** Plain decimal degrees only: no exponents, hex or empty strings that `Number()` would accept. */
const DECIMAL_DEGREES = /^[+-]?\d{1,3}(?:\.\d{1,12})?$/;

export type CoordinatesParam =
  | { kind: 'none' }
  | { kind: 'valid'; point: LatLng }
  /** Present but unusable (one half missing, not a number, out of range): ignored, with a message. */
  | { kind: 'invalid' };

/** Reads `?lat=&lng=` leniently: absent is fine, anything wrong is reported, never thrown. */
export function parseCoordinates(lat: string | null, lng: string | null): CoordinatesParam {
  if (lat === null && lng === null) return { kind: 'none' };
  const latText = lat?.trim() ?? '';
  const lngText = lng?.trim() ?? '';
  if (!DECIMAL_DEGREES.test(latText) || !DECIMAL_DEGREES.test(lngText)) return { kind: 'invalid' };
  const point = { lat: Number(latText), lng: Number(lngText) };
  return isValidLatLng(point) ? { kind: 'valid', point } : { kind: 'invalid' };
}

/**
 * Coordinates as they go into the page URL: two decimals (about 1 km) are plenty to rank
 * dealers and keep a shopper's exact position out of history, logs and shared links.
 */
export function roundCoordinate(value: number): string {
  return value.toFixed(2);
}

export type DistanceUnit = 'km' | 'mi';

/** Countries whose shoppers read road distances in miles. */
const MILE_COUNTRIES: ReadonlySet<string> = new Set(['us', 'gb']);

export function distanceUnitFor(country: string): DistanceUnit {
  return MILE_COUNTRIES.has(country.toLowerCase()) ? 'mi' : 'km';
}

/**
 * A distance as a shopper reads it, in the page's language: one decimal below 10, whole
 * numbers above ("3.4 km", "128 mi"), and never "0" for a shop around the corner.
 */
export function formatDistance(km: number, unit: DistanceUnit, language: string): string {
  const value = unit === 'mi' ? km / KM_PER_MILE : km;
  const shown = value < 10 ? Math.max(0.1, Math.round(value * 10) / 10) : Math.round(value);
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: unit === 'mi' ? 'mile' : 'kilometer',
    maximumFractionDigits: 1,
  }).format(shown);
}
