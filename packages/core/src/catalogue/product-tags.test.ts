import { describe, it, expect } from 'vitest';
import {
  BANNER_ICON_KINDS,
  type ProductTagInput,
  TAG_KINDS,
  TAG_LABELS,
  TAG_LANGUAGES,
  type TagKind,
  productTag,
  tagLabel,
} from './product-tags';

describe('§4 Tags constants', () => {
  it('has the kinds sale, new and redesigned in EN, DE, ES, FR and IT', () => {
    expect(TAG_KINDS).toEqual(['sale', 'new', 'redesigned']);
    expect(TAG_LANGUAGES).toEqual(['en', 'de', 'es', 'fr', 'it']);
    for (const kind of TAG_KINDS) expect(Object.keys(TAG_LABELS[kind]).sort()).toEqual([...TAG_LANGUAGES].sort());
  });

  it('has banner icons for best seller, coming soon and new', () => {
    expect(BANNER_ICON_KINDS).toEqual(['best-seller', 'coming-soon', 'new']);
  });
});

describe('productTag', () => {
  it.each<[string, ProductTagInput, TagKind | null]>([
    ['no flags: no tag', {}, null],
    ['on sale: sale', { onSale: true }, 'sale'],
    ['new: new', { isNew: true }, 'new'],
    ['redesigned: redesigned', { isRedesigned: true }, 'redesigned'],
    ['"The sale tag takes priority over new"', { onSale: true, isNew: true }, 'sale'],
    ['"Redesigned shows only when not new": new wins', { isNew: true, isRedesigned: true }, 'new'],
    ['"… and without a sale tag": sale wins', { onSale: true, isRedesigned: true }, 'sale'],
    ['all three: sale', { onSale: true, isNew: true, isRedesigned: true }, 'sale'],
    ['"Add-on grids show no tag": sale', { onSale: true, isAddOnGrid: true }, null],
    ['"Add-on grids show no tag": new', { isNew: true, isAddOnGrid: true }, null],
    ['"Add-on grids show no tag": redesigned', { isRedesigned: true, isAddOnGrid: true }, null],
    ['"Pro customers never see the sale tag"', { onSale: true, isPro: true }, null],
    ['pro, on sale and new: new (as if not on sale)', { onSale: true, isNew: true, isPro: true }, 'new'],
    [
      'pro, on sale and redesigned: redesigned (no sale tag shown)',
      { onSale: true, isRedesigned: true, isPro: true },
      'redesigned',
    ],
    ['pro, on sale, new and redesigned: new', { onSale: true, isNew: true, isRedesigned: true, isPro: true }, 'new'],
    ['pro, new: new', { isNew: true, isPro: true }, 'new'],
    ['pro in an add-on grid: no tag', { isNew: true, isPro: true, isAddOnGrid: true }, null],
    ['employees are like pros: never the sale tag', { onSale: true, isEmployee: true }, null],
    ['employee, on sale and new: new', { onSale: true, isNew: true, isEmployee: true }, 'new'],
    [
      'explicit false flags: no tag',
      { onSale: false, isNew: false, isRedesigned: false, isPro: false, isAddOnGrid: false },
      null,
    ],
  ])('%s', (_rule, input, expected) => {
    expect(productTag(input)).toBe(expected);
  });
});

describe('tagLabel', () => {
  it.each<[TagKind, string, string]>([
    ['sale', 'en', 'Sale'],
    ['sale', 'de', 'Sale'],
    ['sale', 'es', 'Oferta'],
    ['sale', 'fr', 'Promo'],
    ['sale', 'it', 'Offerta'],
    ['new', 'en', 'New'],
    ['new', 'de', 'Neu'],
    ['new', 'es', 'Nuevo'],
    ['new', 'fr', 'Nouveau'],
    ['new', 'it', 'Nuovo'],
    ['redesigned', 'en', 'Redesigned'],
    ['redesigned', 'de', 'Neu gestaltet'],
    ['redesigned', 'es', 'Rediseñado'],
    ['redesigned', 'fr', 'Redessiné'],
    ['redesigned', 'it', 'Ridisegnato'],
  ])('%s in %s is %s', (kind, language, expected) => {
    expect(tagLabel(kind, language)).toBe(expected);
  });

  it.each<[string, string | null | undefined, string]>([
    ['a locale', 'de-de', 'Neu'],
    ['the English content locale', 'en-us', 'New'],
    ['an underscore locale', 'fr_FR', 'Nouveau'],
    ['upper case', 'IT', 'Nuovo'],
    ['surrounding spaces', ' es ', 'Nuevo'],
    ['another language falls back to English', 'ja', 'New'],
    ['another locale falls back to English', 'sv-se', 'New'],
    ['an empty language falls back to English', '', 'New'],
    ['null falls back to English', null, 'New'],
    ['undefined falls back to English', undefined, 'New'],
  ])('%s', (_case, language, expected) => {
    expect(tagLabel('new', language)).toBe(expected);
  });
});
