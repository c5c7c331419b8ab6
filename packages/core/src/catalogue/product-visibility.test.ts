import { describe, it, expect } from 'vitest';
import {
  type GridProductCandidate,
  type ManualRelatedProductCandidate,
  commerceIdIn,
  isListedInRegion,
  isShowableInGrid,
  isShownInRegion,
  isValidManualRelatedProduct,
} from './product-visibility';

describe('isShowableInGrid (§5 "only if it has title, url and bcProduct")', () => {
  const complete = { title: 'Cirque Binding', url: '/cirque-binding', bcProduct: { id: 112 } };

  it.each<[string, GridProductCandidate, boolean]>([
    ['title, url and bcProduct', complete, true],
    ['no title', { ...complete, title: undefined }, false],
    ['empty title', { ...complete, title: '' }, false],
    ['blank title', { ...complete, title: '  ' }, false],
    ['null title', { ...complete, title: null }, false],
    ['no url', { ...complete, url: undefined }, false],
    ['empty url', { ...complete, url: '' }, false],
    ['null url', { ...complete, url: null }, false],
    ['no bcProduct', { ...complete, bcProduct: undefined }, false],
    ['null bcProduct', { ...complete, bcProduct: null }, false],
    ['nothing', {}, false],
  ])('%s: %s', (_case, product, expected) => {
    expect(isShowableInGrid(product)).toBe(expected);
  });

  it('narrows a list to showable products', () => {
    const products: GridProductCandidate[] = [complete, { ...complete, url: '' }];
    const showable = products.filter(isShowableInGrid);
    expect(showable).toEqual([complete]);
    expect(showable[0]?.title.toUpperCase()).toBe('CIRQUE BINDING');
  });
});

describe('isValidManualRelatedProduct (§5)', () => {
  const regions = { ctsRegion: 'eu_region_1', bcRegion: 'eu_region_1' };
  const valid: ManualRelatedProductCandidate = {
    title: 'Aurora Goggle',
    url: '/aurora-goggle',
    regions: ['us', 'eu_region_1'],
    bc_products: { us: 201, eu_region_1: 301 },
  };

  it.each<[string, ManualRelatedProductCandidate, boolean]>([
    ['title, url, region and commerce entry', valid, true],
    ['no title', { ...valid, title: undefined }, false],
    ['empty title', { ...valid, title: '' }, false],
    ['no url', { ...valid, url: undefined }, false],
    ['blank url', { ...valid, url: ' ' }, false],
    ['no regions list', { ...valid, regions: undefined }, false],
    ['null regions list', { ...valid, regions: null }, false],
    ['empty regions list', { ...valid, regions: [] }, false],
    ['regions without the content region', { ...valid, regions: ['us', 'ca'] }, false],
    ['regions as a string is not a list', { ...valid, regions: 'us,eu_region_1' as unknown as string[] }, false],
    ['no bc_products', { ...valid, bc_products: undefined }, false],
    ['null bc_products', { ...valid, bc_products: null }, false],
    ['no entry for the commerce region', { ...valid, bc_products: { us: 201 } }, false],
    ['null entry for the commerce region', { ...valid, bc_products: { us: 201, eu_region_1: null } }, false],
    ['0 is no commerce product', { ...valid, bc_products: { eu_region_1: 0 } }, false],
    ['negative id', { ...valid, bc_products: { eu_region_1: -3 } }, false],
    ['fractional id', { ...valid, bc_products: { eu_region_1: 1.5 } }, false],
    ['string id', { ...valid, bc_products: { eu_region_1: '301' as unknown as number } }, false],
  ])('%s: %s', (_case, product, expected) => {
    expect(isValidManualRelatedProduct(product, regions)).toBe(expected);
  });

  it.each<[string, { ctsRegion: string; bcRegion: string }, boolean]>([
    ['content and commerce region differ (pro customer)', { ctsRegion: 'us', bcRegion: 'eu_region_1' }, true],
    ['content region listed, commerce entry missing', { ctsRegion: 'us', bcRegion: 'ca' }, false],
    ['commerce entry present, content region not listed', { ctsRegion: 'ca', bcRegion: 'us' }, false],
    ['region ids are case-sensitive', { ctsRegion: 'US', bcRegion: 'us' }, false],
  ])('%s', (_case, current, expected) => {
    expect(isValidManualRelatedProduct(valid, current)).toBe(expected);
  });
});

describe('isShownInRegion (§4 Related list, §5): listed in the content region, a commerce product in the commerce region', () => {
  const product = { regions: ['us', 'eu_region_1'], bc_products: { us: 201, eu_region_1: 301 } };

  it.each<[string, { ctsRegion: string; bcRegion: string }, boolean]>([
    ['both halves present', { ctsRegion: 'us', bcRegion: 'us' }, true],
    ['content region not listed', { ctsRegion: 'ca', bcRegion: 'us' }, false],
    ['no commerce product in the commerce region', { ctsRegion: 'us', bcRegion: 'ca' }, false],
  ])('%s', (_case, regions, expected) => {
    expect(isShownInRegion(product, regions)).toBe(expected);
  });

  it('lists an entry only in the regions its list names; a missing or empty list is none', () => {
    expect(isListedInRegion({ regions: ['us'] }, 'us')).toBe(true);
    expect(isListedInRegion({ regions: [] }, 'us')).toBe(false);
    expect(isListedInRegion({ regions: null }, 'us')).toBe(false);
    expect(isListedInRegion({}, 'us')).toBe(false);
  });

  it('reads a commerce id only when it is a positive integer', () => {
    expect(commerceIdIn(product, 'eu_region_1')).toBe(301);
    expect(commerceIdIn(product, 'ca')).toBeNull();
    expect(commerceIdIn({ bc_products: { us: 0 } }, 'us')).toBeNull();
    expect(commerceIdIn({ bc_products: null }, 'us')).toBeNull();
  });
});
