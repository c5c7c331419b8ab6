import { describe, expect, it } from 'vitest';
import { haversineKm } from './geo';
import { resolvePlace, type PlaceHints } from './place-lookup.server';

const NAMES: Record<string, string[]> = { AT: ['austria', 'osterreich'], US: ['united states'], FR: ['france'] };
const countryNames = (code: string) => NAMES[code] ?? [];
const inUs: PlaceHints = { countries: new Set(['US']), near: null };
const inEu: PlaceHints = { countries: new Set(['AT', 'DE', 'FR', 'CH']), near: null };
const inCa: PlaceHints = { countries: new Set(['CA']), near: null };

const SALT_LAKE_CITY = { lat: 40.76, lng: -111.89 };
const SALZBURG = { lat: 47.8, lng: 13.04 };

describe('resolvePlace', () => {
  it('finds a US ZIP code in a shop with US dealers', async () => {
    const place = await resolvePlace('84101', inUs, countryNames);
    expect(place?.country).toBe('US');
    expect(haversineKm(place!, SALT_LAKE_CITY)).toBeLessThan(5);
    expect(await resolvePlace('84101-1234', inUs, countryNames)).toEqual(place);
  });

  it('does not read a European five-digit postcode as a US ZIP code', async () => {
    expect(await resolvePlace('80331', inEu, countryNames)).toBeNull();
  });

  it('finds a Canadian postcode by its district, with or without the space', async () => {
    const place = await resolvePlace('t1l 1a7', inCa, countryNames);
    expect(place?.country).toBe('CA');
    // Banff, Alberta.
    expect(haversineKm(place!, { lat: 51.18, lng: -115.57 })).toBeLessThan(10);
    expect(await resolvePlace('T1L1A7', inCa, countryNames)).toEqual(place);
  });

  it('finds a town by its name, without accents or case', async () => {
    const place = await resolvePlace('  salzburg ', inEu, countryNames);
    expect(place?.country).toBe('AT');
    expect(haversineKm(place!, SALZBURG)).toBeLessThan(10);
    expect((await resolvePlace('Zurich', inEu, countryNames))?.country).toBe('CH');
  });

  it('reads a state or country written after the town', async () => {
    expect(haversineKm((await resolvePlace('Salt Lake City, UT', inUs, countryNames))!, SALT_LAKE_CITY)).toBeLessThan(
      20,
    );
    expect((await resolvePlace('Salzburg Österreich', inEu, countryNames))?.country).toBe('AT');
    expect(await resolvePlace('Salzburg, France', inEu, countryNames)).toBeNull();
  });

  it('prefers a town in the shop’s countries over a larger one elsewhere', async () => {
    // Paris, Texas, for a US shop; Paris, France, for a European one.
    expect((await resolvePlace('Paris', inUs, countryNames))?.country).toBe('US');
    expect((await resolvePlace('Paris', inEu, countryNames))?.country).toBe('FR');
  });

  it('picks the town of that name nearest a dealer there', async () => {
    const vermont = { lat: 44.48, lng: -73.21 };
    const place = await resolvePlace('Burlington', { ...inUs, near: vermont }, countryNames);
    expect(haversineKm(place!, vermont)).toBeLessThan(20);
  });

  it('answers null for what no dataset knows', async () => {
    expect(await resolvePlace('Qwertzville', inUs, countryNames)).toBeNull();
    expect(await resolvePlace('00000', inUs, countryNames)).toBeNull();
    expect(await resolvePlace('   ', inUs, countryNames)).toBeNull();
  });
});
