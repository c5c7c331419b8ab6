import { describe, expect, it } from 'vitest';
import { distanceUnitFor, formatDistance, haversineKm, parseCoordinates, roundCoordinate } from './geo';

describe('haversineKm', () => {
  it('measures great-circle distances on a mean-radius Earth', () => {
    expect(haversineKm({ lat: 51.5074, lng: -0.1278 }, { lat: 48.8566, lng: 2.3522 })).toBeCloseTo(343.6, 1);
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.195, 3);
  });

  it('is zero for one point, symmetric, and half the circumference for antipodes', () => {
    const innsbruck = { lat: 47.2692, lng: 11.4041 };
    const vienna = { lat: 48.2082, lng: 16.3738 };
    expect(haversineKm(innsbruck, innsbruck)).toBe(0);
    expect(haversineKm(innsbruck, vienna)).toBeCloseTo(haversineKm(vienna, innsbruck), 9);
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(20015.1, 1);
  });

  it('takes the short way across the date line', () => {
    expect(haversineKm({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(111.195, 2);
  });
});

describe('parseCoordinates', () => {
  it('reads plain decimal degrees, signs and whitespace included', () => {
    expect(parseCoordinates('47.26', '11.39')).toEqual({ kind: 'valid', point: { lat: 47.26, lng: 11.39 } });
    expect(parseCoordinates(' -33.9 ', '+151')).toEqual({ kind: 'valid', point: { lat: -33.9, lng: 151 } });
    expect(parseCoordinates('90', '-180')).toEqual({ kind: 'valid', point: { lat: 90, lng: -180 } });
  });

  it('is none when neither is given', () => {
    expect(parseCoordinates(null, null)).toEqual({ kind: 'none' });
  });

  it.each([
    ['47.26', null],
    [null, '11.39'],
    ['', ''],
    ['abc', '11'],
    ['1e1', '11'],
    ['0x10', '11'],
    ['Infinity', '11'],
    ['90.01', '0'],
    ['0', '180.5'],
    ['-91', '0'],
  ])('refuses lat=%s lng=%s', (lat, lng) => {
    expect(parseCoordinates(lat, lng)).toEqual({ kind: 'invalid' });
  });
});

describe('roundCoordinate', () => {
  it('keeps two decimals', () => {
    expect(roundCoordinate(47.269212)).toBe('47.27');
    expect(roundCoordinate(-104.99)).toBe('-104.99');
  });
});

describe('distances', () => {
  it('uses miles in the US and the UK, kilometres elsewhere', () => {
    expect(distanceUnitFor('us')).toBe('mi');
    expect(distanceUnitFor('GB')).toBe('mi');
    expect(distanceUnitFor('at')).toBe('km');
    expect(distanceUnitFor('ca')).toBe('km');
  });

  it('rounds to one decimal below 10 and to whole numbers above, in the page language', () => {
    expect(formatDistance(3.44, 'km', 'en')).toBe('3.4 km');
    expect(formatDistance(3.44, 'km', 'de')).toBe('3,4 km');
    expect(formatDistance(385.94, 'km', 'en')).toBe('386 km');
    expect(formatDistance(2619.06, 'mi', 'en')).toBe('1,627 mi');
    expect(formatDistance(16.09344, 'mi', 'en')).toBe('10 mi');
  });

  it('never says a dealer is 0 away', () => {
    expect(formatDistance(0, 'km', 'en')).toBe('0.1 km');
  });
});
