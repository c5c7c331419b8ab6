import { describe, expect, it } from 'vitest';
import { divideRounded } from '../money';
import { addedTax, includedTax } from './tax-rules';

describe('divideRounded', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [7n, 3n, 2n],
    [8n, 3n, 3n],
    [-7n, 3n, -2n],
    [0n, 9n, 0n],
  ])('%d / %d → %d, halves away from zero', (numerator, denominator, expected) => {
    expect(divideRounded(numerator, denominator)).toBe(expected);
  });
});

describe('addedTax (US sales tax, Canadian GST/HST/PST)', () => {
  it.each([
    ['Colorado 2.9 % of $100.00', 10000, 2900, 290],
    ['California 7.25 % of $10.00 is 72.5 cents → 73', 1000, 7250, 73],
    ['Texas 6.25 % of $2.00 is 12.5 cents → 13', 200, 6250, 13],
    ['Texas 6.25 % of $1.99 is 12.4375 cents → 12', 199, 6250, 12],
    ['Québec 14.975 % of CA$200.00', 20000, 14975, 2995],
    ['Ontario HST 13 % of CA$99.99', 9999, 13000, 1300],
    ['Oregon has none', 50000, 0, 0],
    ['a refund rounds away from zero too', -1000, 7250, -73],
  ])('%s', (_name, net, rate, expected) => {
    expect(addedTax(net, rate)).toBe(expected);
  });

  it('is exact where floating point is not', () => {
    // Colorado 2.9 % of $5.00 is 14.5 cents; 500 × (2.9 / 100) in doubles is 14.4999…, which would round down.
    expect(500 * (2.9 / 100)).toBeLessThan(14.5);
    expect(addedTax(500, 2900)).toBe(15);
  });
});

describe('includedTax (EU VAT contained in the price)', () => {
  it.each([
    ['Germany 19 % of €119.00', 11900, 19000, 1900],
    ['Germany 19 % of €100.00 (15.966… → 15.97)', 10000, 19000, 1597],
    ['Austria 20 % of 3 cents is half a cent → 1', 3, 20000, 1],
    ['France 20 % of €449.95', 44995, 20000, 7499],
    ['Italy 22 % of €122.00', 12200, 22000, 2200],
    ['Spain 21 % of €60.50', 6050, 21000, 1050],
    ['Sweden 25 % of 125.00', 12500, 25000, 2500],
    ['Finland 25.5 % of €125.50', 12550, 25500, 2550],
  ])('%s', (_name, gross, rate, expected) => {
    expect(includedTax(gross, rate)).toBe(expected);
  });
});
