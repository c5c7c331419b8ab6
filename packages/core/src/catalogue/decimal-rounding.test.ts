import { describe, it, expect } from 'vitest';
import { roundHalfAwayFromZero, roundToDecimalParts } from './decimal-rounding';

describe('roundHalfAwayFromZero', () => {
  it.each<[number, number, number]>([
    [1.005, 2, 1.01],
    [-1.005, 2, -1.01],
    [1.004, 2, 1],
    [2.675, 2, 2.68],
    [0.125, 2, 0.13],
    [-0.125, 2, -0.13],
    [19.99 - 14.99, 2, 5],
    [0.1 + 0.2, 2, 0.3],
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [9.995, 2, 10],
    [999.5, 0, 1000],
    [1234.5678, 3, 1234.568],
    [0, 2, 0],
    [1e-7, 2, 0],
    [5e-3, 2, 0.01],
    [1e21, 2, 1e21],
  ])('%d to %d places is %d', (value, places, expected) => {
    expect(roundHalfAwayFromZero(value, places)).toBe(expected);
  });

  it('defaults to 2 places', () => {
    expect(roundHalfAwayFromZero(3.14159)).toBe(3.14);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.001, 2), 0)).toBe(true);
    expect(Object.is(roundHalfAwayFromZero(-0, 2), 0)).toBe(true);
  });
});

describe('roundToDecimalParts', () => {
  it.each<[number, number, { negative: boolean; integer: string; fraction: string }]>([
    [1234.5, 2, { negative: false, integer: '1234', fraction: '50' }],
    [-0.004, 2, { negative: false, integer: '0', fraction: '00' }],
    [-0.005, 2, { negative: true, integer: '0', fraction: '01' }],
    [99.999, 2, { negative: false, integer: '100', fraction: '00' }],
    [1.5e-10, 12, { negative: false, integer: '0', fraction: '000000000150' }],
    [1.2345e21, 0, { negative: false, integer: '1234500000000000000000', fraction: '' }],
    [7, 0, { negative: false, integer: '7', fraction: '' }],
  ])('%d to %d places', (value, places, expected) => {
    expect(roundToDecimalParts(value, places)).toEqual(expected);
  });

  it.each<[number, number]>([
    [Number.NaN, 2],
    [Number.POSITIVE_INFINITY, 2],
    [1, -1],
    [1, 1.5],
  ])('rejects value %d with %d places', (value, places) => {
    expect(() => roundToDecimalParts(value, places)).toThrow(RangeError);
  });
});
