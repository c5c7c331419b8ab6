import { describe, expect, it } from 'vitest';
import { formatPublishedDate, readingMinutes } from './editorial-format';

describe('readingMinutes', () => {
  it('counts the words of the text, not the markup, at 200 a minute', () => {
    const words = (count: number) => Array.from({ length: count }, () => 'powder').join(' ');
    expect(readingMinutes(`<p>${words(200)}</p>`)).toBe(1);
    expect(readingMinutes(`<h2>Intro</h2><p>${words(200)}</p>`)).toBe(2);
    expect(readingMinutes(`<p>${words(900)}</p><img src="/x.jpg" alt="a very long alt text">`)).toBe(5);
  });

  it('is at least one minute, even for an empty body', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('<p>&nbsp;</p>')).toBe(1);
  });
});

describe('formatPublishedDate', () => {
  it('writes the date as the locale does', () => {
    expect(formatPublishedDate('2025-01-15', 'en-us')).toBe('January 15, 2025');
    expect(formatPublishedDate('2025-01-15', 'de-de')).toBe('15. Januar 2025');
    expect(formatPublishedDate('2025-01-15T00:00:00.000Z', 'fr-fr')).toBe('15 janvier 2025');
  });

  it('keeps the day of a date-only value whatever the server time zone', () => {
    expect(formatPublishedDate('2025-03-01', 'en-gb')).toBe('1 March 2025');
  });

  it('gives an empty label for a date it cannot read', () => {
    expect(formatPublishedDate('soon', 'en-us')).toBe('');
  });
});
