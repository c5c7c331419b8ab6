import { describe, expect, it } from 'vitest';
import { stemmerFor } from './stemmers';
import { analyzerFor, bigramsOf, foldText, splitWords, wordsOf } from './text-analysis';
import { analyseQuery, typoTolerance, unitsOf } from './text-query';

describe('foldText', () => {
  it('lowercases and drops diacritics', () => {
    expect(foldText('Hélmet')).toBe('helmet');
    expect(foldText('Brillenträger Rucksäcke')).toBe('brillentrager rucksacke');
    expect(foldText('Straße Ærø Łódź')).toBe('strasse aero lodz');
    expect(foldText('ÉQUIPÉES')).toBe('equipees');
  });

  it('keeps scripts whose marks are letters', () => {
    expect(foldText('ガーグル')).toBe('ガーグル');
    expect(foldText('스키 고글')).toBe('스키 고글');
  });
});

describe('words', () => {
  it('splits on anything but letters, digits and marks', () => {
    expect(wordsOf("Horizon's lens: 8-point, anti-fog!")).toEqual([
      'Horizon',
      's',
      'lens',
      '8',
      'point',
      'anti',
      'fog',
    ]);
    expect(splitWords('Tour 32 Pack')).toEqual([
      { text: 'Tour', start: 0, end: 4 },
      { text: '32', start: 5, end: 7 },
      { text: 'Pack', start: 8, end: 12 },
    ]);
  });

  it('separates CJK runs from other letters and pairs their characters', () => {
    expect(wordsOf('スキーgoggle 雪')).toEqual(['スキー', 'goggle', '雪']);
    expect(bigramsOf('スキー')).toEqual(['スキ', 'キー']);
    expect(bigramsOf('雪')).toEqual(['雪']);
  });
});

describe('stemming', () => {
  it('has a stemmer for the storefront languages Snowball covers', () => {
    for (const locale of ['en-us', 'de', 'fr', 'es', 'it', 'sv', 'ru', 'no', 'fi', 'nl']) {
      expect(stemmerFor(locale), locale).toBeTypeOf('function');
    }
    for (const locale of ['pl', 'cs', 'ja', 'zh', 'ko']) expect(stemmerFor(locale), locale).toBeUndefined();
  });

  it('indexes a word by its folded stem', () => {
    expect(analyzerFor('en-us').analyse('Helmets')).toEqual({
      folded: 'helmets',
      stem: 'helmet',
      terms: ['helmet'],
      cjk: false,
    });
    expect(analyzerFor('de').analyse('Brillen').stem).toBe(analyzerFor('de').analyse('Brille').stem);
    expect(analyzerFor('fr').analyse('Casques').stem).toBe('casqu');
    expect(analyzerFor('ru').analyse('шлемы').stem).toBe(analyzerFor('ru').analyse('шлем').stem);
    expect(analyzerFor('pl').analyse('Kaski').stem).toBe('kaski');
    expect(analyzerFor('ja').analyse('ゴーグル').terms).toEqual(['ゴー', 'ーグ', 'グル']);
  });
});

describe('analyseQuery', () => {
  const analyzer = analyzerFor('en-us');

  it('treats the last word as a prefix while it is being typed', () => {
    expect(analyseQuery('mips hel', analyzer).words.map((word) => word.prefix)).toEqual([false, true]);
    expect(analyseQuery('mips hel ', analyzer).words.map((word) => word.prefix)).toEqual([false, false]);
    expect(analyseQuery('h', analyzer).words[0]?.prefix).toBe(false);
    expect(analyseQuery('vanta m', analyzer).words[1]?.prefix).toBe(true);
  });

  it('tolerates a typo in stems from four letters, two from eight, none in numbers', () => {
    const tolerance = (query: string) => typoTolerance(analyseQuery(query, analyzer).words[0]!);
    expect(tolerance('boots')).toBe(1);
    expect(tolerance('lens')).toBe(0);
    expect(tolerance('gogles')).toBe(1);
    expect(tolerance('photochromic')).toBe(2);
    expect(tolerance('red')).toBe(0);
    expect(tolerance('2024')).toBe(0);
  });

  it('keys a query by its stems, and needs every CJK pair', () => {
    expect(analyseQuery('Vanta MIPS Helmets', analyzer).key).toBe(' vanta mip helmet ');
    expect(
      unitsOf(analyseQuery('ゴーグル', analyzerFor('ja')).words).map(({ term, prefix }) => [term, prefix]),
    ).toEqual([
      ['ゴー', false],
      ['ーグ', false],
      ['グル', true],
    ]);
  });
});
