import { describe, expect, it } from 'vitest';
import { didYouMean, normaliseQuery } from './did-you-mean';

describe('normaliseQuery', () => {
  it('lowercases, trims and collapses spaces', () => {
    expect(normaliseQuery('  Ski   GOGGLES ')).toBe('ski goggles');
  });

  it('treats compatibility forms of a character as the character', () => {
    expect(normaliseQuery('ｇｏｇｇｌｅｓ')).toBe('goggles');
  });
});

describe('didYouMean', () => {
  it('offers the first suggestion when a query finds nothing', () => {
    expect(didYouMean('gogles', 0, ['goggles', 'goggle lens'])).toBe('goggles');
  });

  it('offers it when a query finds very little', () => {
    expect(didYouMean('helmt', 2, ['helmet'])).toBe('helmet');
  });

  it('offers nothing when the query found enough', () => {
    expect(didYouMean('gogles', 3, ['goggles'])).toBeNull();
  });

  it('offers nothing when the suggestion only completes what was typed', () => {
    expect(didYouMean('gog', 0, ['goggles'])).toBeNull();
    expect(didYouMean('Goggles ', 0, ['goggles'])).toBeNull();
  });

  it('offers nothing without a suggestion or a query', () => {
    expect(didYouMean('zzz', 0, [])).toBeNull();
    expect(didYouMean('  ', 0, ['goggles'])).toBeNull();
    expect(didYouMean('zzz', 0, ['  '])).toBeNull();
  });

  it('offers the suggestion as compared, whatever its case', () => {
    expect(didYouMean('helmt', 0, ['Vanta MIPS Helmet'])).toBe('vanta mips helmet');
  });
});
