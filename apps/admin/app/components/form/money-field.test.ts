import { describe, expect, it } from 'vitest';
import { formatMinor, parseMoney } from './money-field';

describe('amounts typed as decimals, kept in minor units', () => {
  it('reads what a merchant types', () => {
    expect(parseMoney('12.5', 2)).toBe(1250);
    expect(parseMoney(' 12,05 ', 2)).toBe(1205);
    expect(parseMoney('0.99', 2)).toBe(99);
    expect(parseMoney('1500', 0)).toBe(1500);
    expect(parseMoney('-3.10', 2)).toBe(-310);
  });

  it('keeps empty apart from nonsense, for the schema to judge', () => {
    expect(parseMoney('', 2)).toBeNull();
    expect(parseMoney('12.345', 2)).toBeNaN();
    expect(parseMoney('12.5', 0)).toBeNaN();
    expect(parseMoney('ten', 2)).toBeNaN();
  });

  it('shows minor units with the currency’s decimals', () => {
    expect(formatMinor(1250, 2)).toBe('12.50');
    expect(formatMinor(5, 2)).toBe('0.05');
    expect(formatMinor(-310, 2)).toBe('-3.10');
    expect(formatMinor(1500, 0)).toBe('1500');
    expect(formatMinor(null, 2)).toBe('');
  });
});
