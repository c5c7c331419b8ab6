import { describe, expect, it } from 'vitest';
import { formatLongDate } from './dates';

describe('formatLongDate', () => {
  it('writes the long date as the locale does', () => {
    expect(formatLongDate('2025-01-15', 'en-us')).toBe('January 15, 2025');
    expect(formatLongDate('2025-01-15', 'de-de')).toBe('15. Januar 2025');
    expect(formatLongDate('2025-01-15T00:00:00.000Z', 'fr-fr')).toBe('15 janvier 2025');
    expect(formatLongDate('2025-03-01', 'en-gb')).toBe('1 March 2025');
  });

  it('reads a Date and an ISO string alike', () => {
    expect(formatLongDate(new Date('2026-06-03T12:00:00.000Z'), 'en-us')).toBe('June 3, 2026');
    expect(formatLongDate('2026-06-03T12:00:00.000Z', 'en-us')).toBe('June 3, 2026');
  });

  it('reads the day in UTC, not in the server zone', () => {
    expect(formatLongDate('2026-06-03T23:30:00.000Z', 'en-us')).toBe('June 3, 2026');
    expect(formatLongDate('2026-06-04T00:30:00.000+02:00', 'en-us')).toBe('June 3, 2026');
  });

  it('throws for a date it cannot read', () => {
    expect(() => formatLongDate('soon', 'en-us')).toThrow(RangeError);
  });
});
