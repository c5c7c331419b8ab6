import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createGeolocation, type CountryLookup } from './geolocation';

function request(ip: string, headers: Record<string, string> = {}) {
  const log = { error: vi.fn() };
  return { request: { ip, headers, log } as unknown as FastifyRequest, log };
}

const PUBLIC_IP = '81.2.69.160';

describe('geolocation', () => {
  const headerNames = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country'];

  it('reads the first trusted CDN header that names a country, lowercased', () => {
    const lookup = vi.fn<CountryLookup>();
    const geolocation = createGeolocation({ headerNames, lookup });
    expect(geolocation.countryOf(request(PUBLIC_IP, { 'cf-ipcountry': 'DE' }).request)).toBe('de');
    expect(geolocation.countryOf(request(PUBLIC_IP, { 'cloudfront-viewer-country': ' fr ' }).request)).toBe('fr');
    expect(
      geolocation.countryOf(request(PUBLIC_IP, { 'x-vercel-ip-country': 'CH', 'cf-ipcountry': 'AT' }).request),
    ).toBe('at');
    expect(lookup).not.toHaveBeenCalled();
  });

  it.each(['XX', 'T1', 'zz', 'germany', 'D', '12', 'd e', ''])('ignores the header value %j', (value) => {
    const geolocation = createGeolocation({ headerNames, lookup: () => 'SE' });
    expect(geolocation.countryOf(request(PUBLIC_IP, { 'cf-ipcountry': value }).request)).toBe('se');
  });

  it('ignores headers it was not told to trust', () => {
    const geolocation = createGeolocation({ headerNames: [], lookup: () => null });
    expect(geolocation.countryOf(request(PUBLIC_IP, { 'cf-ipcountry': 'DE' }).request)).toBeNull();
  });

  it('finds the country of a public address in the offline database', () => {
    const geolocation = createGeolocation({ headerNames });
    expect(geolocation.countryOf(request(PUBLIC_IP).request)).toBe('gb');
    expect(geolocation.countryOf(request(`::ffff:${PUBLIC_IP}`).request)).toBe('gb');
    // Documentation ranges are in no country.
    expect(geolocation.countryOf(request('192.0.2.1').request)).toBeNull();
  });

  it.each(['127.0.0.1', '::1', '10.20.30.40', '192.168.0.9', '::ffff:172.16.5.4', 'fd00::1'])(
    'places no internal address (%s), without asking the database',
    (ip) => {
      const lookup = vi.fn<CountryLookup>(() => 'US');
      expect(createGeolocation({ headerNames, lookup }).countryOf(request(ip).request)).toBeNull();
      expect(lookup).not.toHaveBeenCalled();
    },
  );

  it('accepts only a two-letter answer from the database', () => {
    expect(createGeolocation({ headerNames, lookup: () => 'EUR' }).countryOf(request(PUBLIC_IP).request)).toBeNull();
  });

  it('logs a failed lookup and answers null (spec §8: geolocation failures are only logged)', () => {
    const failure = new Error('database unreadable');
    const geolocation = createGeolocation({
      headerNames,
      lookup: () => {
        throw failure;
      },
    });
    const { request: failing, log } = request(PUBLIC_IP);
    expect(geolocation.countryOf(failing)).toBeNull();
    expect(log.error).toHaveBeenCalledWith({ err: failure }, 'geolocation lookup failed');
  });
});
