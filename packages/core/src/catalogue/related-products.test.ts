import { describe, it, expect } from 'vitest';
import {
  ADD_ON_LIST_ID,
  DEFAULT_RELATED_HEADING,
  RELATED_PRODUCTS_DEFAULT_COUNT,
  RELATED_PRODUCTS_UID_VARIANT_COUNT,
  type RelatedProductRef,
  matchesAttributes,
  pickRelatedProducts,
} from './related-products';

const REGIONS = { ctsRegion: 'us', bcRegion: 'us' };

/** A manual product valid in REGIONS. */
const manual = (uid: string) => ({ uid, title: uid, url: `/${uid}`, regions: ['us'], bc_products: { us: 1 } });
const auto = (...uids: string[]): RelatedProductRef[] => uids.map((uid) => ({ uid }));
/** Always picks the first remaining product of a category. */
const first = () => 0;
/** Always picks the last remaining product of a category. */
const last = () => 0.999;
/** Returns the given numbers in turn, then repeats the last. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)] ?? 0;
};
const uids = (products: readonly RelatedProductRef[]) => products.map((p) => p.uid);

describe('§9 related-product constants', () => {
  it.each<[string, unknown, unknown]>([
    ['default count 8 in the related list', RELATED_PRODUCTS_DEFAULT_COUNT, 8],
    ['4 in the uid-based variant', RELATED_PRODUCTS_UID_VARIANT_COUNT, 4],
    ['add-on list id', ADD_ON_LIST_ID, 'add_on_products'],
    ['default list heading', DEFAULT_RELATED_HEADING, 'Related Products'],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('pickRelatedProducts', () => {
  it.each<[string, Parameters<typeof pickRelatedProducts>[0], string[]]>([
    [
      'manual products come first, in their order',
      {
        ...REGIONS,
        manual: [manual('m2'), manual('m1')],
        automatedByCategory: [auto('a1')],
        target: 3,
        automationEnabled: true,
        random: first,
      },
      ['m2', 'm1', 'a1'],
    ],
    [
      'invalid manual products (§5) are skipped',
      {
        ...REGIONS,
        manual: [
          manual('m1'),
          { ...manual('no-url'), url: '' },
          { ...manual('ca-only'), regions: ['ca'] },
          { ...manual('no-bc'), bc_products: {} },
        ],
        automationEnabled: false,
      },
      ['m1'],
    ],
    [
      'repeated manual products appear once',
      { ...REGIONS, manual: [manual('m1'), manual('m1'), manual('m2')], automationEnabled: false },
      ['m1', 'm2'],
    ],
    [
      'manual products are capped at the target',
      {
        ...REGIONS,
        manual: ['m1', 'm2', 'm3', 'm4', 'm5'].map(manual),
        target: 4,
        automationEnabled: true,
        random: first,
      },
      ['m1', 'm2', 'm3', 'm4'],
    ],
    [
      '"added only if automation is enabled": disabled gives manual only',
      {
        ...REGIONS,
        manual: [manual('m1')],
        automatedByCategory: [auto('a1', 'a2')],
        target: 4,
        automationEnabled: false,
      },
      ['m1'],
    ],
    [
      '"… and the manual count is below the target": at the target, no automated picks',
      {
        ...REGIONS,
        manual: [manual('m1'), manual('m2')],
        automatedByCategory: [auto('a1')],
        target: 2,
        automationEnabled: true,
        random: first,
      },
      ['m1', 'm2'],
    ],
    [
      'automated picks fill up to the target',
      {
        ...REGIONS,
        manual: [manual('m1')],
        automatedByCategory: [auto('a1', 'a2', 'a3', 'a4')],
        target: 3,
        automationEnabled: true,
        random: first,
      },
      ['m1', 'a1', 'a2'],
    ],
    [
      '"across categories": categories take turns',
      {
        ...REGIONS,
        automatedByCategory: [auto('x1', 'x2', 'x3'), auto('y1', 'y2', 'y3')],
        target: 4,
        automationEnabled: true,
        random: first,
      },
      ['x1', 'y1', 'x2', 'y2'],
    ],
    [
      'an exhausted category is passed over',
      {
        ...REGIONS,
        automatedByCategory: [auto('x1'), auto('y1', 'y2', 'y3')],
        target: 4,
        automationEnabled: true,
        random: first,
      },
      ['x1', 'y1', 'y2', 'y3'],
    ],
    [
      '"skipping duplicates": of manual products',
      {
        ...REGIONS,
        manual: [manual('m1')],
        automatedByCategory: [auto('m1', 'a1')],
        target: 3,
        automationEnabled: true,
        random: first,
      },
      ['m1', 'a1'],
    ],
    [
      '"skipping duplicates": across categories (the second category passes over s1 on its turn)',
      {
        ...REGIONS,
        automatedByCategory: [auto('s1', 'x1'), auto('s1', 'y1')],
        target: 8,
        automationEnabled: true,
        random: first,
      },
      ['s1', 'y1', 'x1'],
    ],
    [
      '"skipping duplicates": within a category',
      { ...REGIONS, automatedByCategory: [auto('x1', 'x1', 'x2')], target: 8, automationEnabled: true, random: first },
      ['x1', 'x2'],
    ],
    [
      '"randomly": the random source chooses within each category',
      {
        ...REGIONS,
        automatedByCategory: [auto('x1', 'x2', 'x3'), auto('y1', 'y2')],
        target: 3,
        automationEnabled: true,
        random: last,
      },
      ['x3', 'y2', 'x2'],
    ],
    [
      'random 0.5 of three picks the middle one',
      {
        ...REGIONS,
        automatedByCategory: [auto('x1', 'x2', 'x3')],
        target: 1,
        automationEnabled: true,
        random: sequence(0.5),
      },
      ['x2'],
    ],
    [
      'a manual product that also comes back automated is not repeated when randomly drawn',
      {
        ...REGIONS,
        manual: [manual('x2')],
        automatedByCategory: [auto('x1', 'x2', 'x3')],
        target: 3,
        automationEnabled: true,
        random: sequence(0.5, 0.5),
      },
      ['x2', 'x3', 'x1'],
    ],
    [
      'stops when every category is used up, below the target',
      {
        ...REGIONS,
        manual: [manual('m1')],
        automatedByCategory: [auto('a1'), auto('b1')],
        target: 8,
        automationEnabled: true,
        random: first,
      },
      ['m1', 'a1', 'b1'],
    ],
    [
      'target defaults to 8',
      {
        ...REGIONS,
        automatedByCategory: [auto('a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', 'a10')],
        automationEnabled: true,
        random: first,
      },
      ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'],
    ],
    [
      'uid-based variant count 4',
      {
        ...REGIONS,
        automatedByCategory: [auto('a1', 'a2', 'a3', 'a4', 'a5')],
        target: RELATED_PRODUCTS_UID_VARIANT_COUNT,
        automationEnabled: true,
        random: first,
      },
      ['a1', 'a2', 'a3', 'a4'],
    ],
    ['nothing given', { ...REGIONS, automationEnabled: true }, []],
    ['null lists', { ...REGIONS, manual: null, automatedByCategory: null, automationEnabled: true }, []],
    ['empty categories', { ...REGIONS, automatedByCategory: [[], []], automationEnabled: true, random: first }, []],
    [
      'target 0',
      {
        ...REGIONS,
        manual: [manual('m1')],
        automatedByCategory: [auto('a1')],
        target: 0,
        automationEnabled: true,
        random: first,
      },
      [],
    ],
    ['negative target', { ...REGIONS, manual: [manual('m1')], target: -2, automationEnabled: true }, []],
    ['NaN target', { ...REGIONS, manual: [manual('m1')], target: Number.NaN, automationEnabled: true }, []],
    [
      'fractional target is rounded down',
      {
        ...REGIONS,
        automatedByCategory: [auto('a1', 'a2', 'a3')],
        target: 2.9,
        automationEnabled: true,
        random: first,
      },
      ['a1', 'a2'],
    ],
    [
      'a random source returning 1 or more picks the last',
      { ...REGIONS, automatedByCategory: [auto('a1', 'a2')], target: 1, automationEnabled: true, random: () => 1 },
      ['a2'],
    ],
    [
      'a random source returning a negative or NaN picks the first',
      {
        ...REGIONS,
        automatedByCategory: [auto('a1', 'a2'), auto('b1', 'b2')],
        target: 2,
        automationEnabled: true,
        random: sequence(-1, Number.NaN),
      },
      ['a1', 'b1'],
    ],
  ])('%s', (_rule, input, expected) => {
    expect(uids(pickRelatedProducts(input))).toEqual(expected);
  });

  it('uses the manual products for the content and commerce regions given', () => {
    const product = { uid: 'p', title: 'P', url: '/p', regions: ['eu_region_1'], bc_products: { eu_region_1: 7 } };
    const pick = (ctsRegion: string, bcRegion: string) =>
      uids(pickRelatedProducts({ manual: [product], automationEnabled: false, ctsRegion, bcRegion }));
    expect(pick('eu_region_1', 'eu_region_1')).toEqual(['p']);
    expect(pick('us', 'eu_region_1')).toEqual([]);
    expect(pick('eu_region_1', 'us')).toEqual([]);
  });

  it('returns the products given, and leaves the input lists unchanged', () => {
    const m1 = manual('m1');
    const category = auto('a1', 'a2');
    const picked = pickRelatedProducts({
      ...REGIONS,
      manual: [m1],
      automatedByCategory: [category],
      automationEnabled: true,
      random: first,
    });
    expect(picked[0]).toBe(m1);
    expect(picked[1]).toBe(category[0]);
    expect(uids(category)).toEqual(['a1', 'a2']);
  });

  it('falls back to Math.random and always returns distinct products from the candidates', () => {
    const categories = [auto('a1', 'a2', 'a3'), auto('b1', 'b2', 'a1'), auto('c1')];
    for (let run = 0; run < 20; run++) {
      const picked = uids(
        pickRelatedProducts({ ...REGIONS, automatedByCategory: categories, target: 5, automationEnabled: true }),
      );
      expect(picked).toHaveLength(5);
      expect(new Set(picked).size).toBe(5);
      expect(picked[2]).toBe('c1');
    }
  });

  it('draws from a tier only when the closer tiers before it are used up', () => {
    const picked = pickRelatedProducts({
      ...REGIONS,
      manual: [manual('m1')],
      automatedByTier: [
        [auto('close1'), auto('close2', 'close1')],
        [auto('a1', 'close1', 'a2'), auto('b1')],
      ],
      target: 5,
      automationEnabled: true,
      random: first,
    });
    expect(uids(picked)).toEqual(['m1', 'close1', 'close2', 'a1', 'b1']);
  });
});

describe('matchesAttributes', () => {
  const fields = [
    { name: 'Lens', value: 'Spherical' },
    { name: 'Fit', value: 'Medium face' },
  ];
  it.each<[string, Parameters<typeof matchesAttributes>[1], boolean]>([
    ['no filters', [], true],
    ['one value, ignoring case and spaces', [{ attribute: ' lens', values: ['SPHERICAL '] }], true],
    ['any of the values', [{ attribute: 'Lens', values: ['Cylindrical', 'Spherical'] }], true],
    [
      'every filter',
      [
        { attribute: 'Lens', values: ['Spherical'] },
        { attribute: 'Fit', values: ['Large face'] },
      ],
      false,
    ],
    ['a value that differs', [{ attribute: 'Lens', values: ['Spherical, magnetic'] }], false],
    ['an attribute it lacks', [{ attribute: 'Flex', values: [] }], false],
    ['an attribute without values only has to exist', [{ attribute: 'Fit', values: [] }], true],
  ])('%s', (_case, filters, expected) => {
    expect(matchesAttributes(fields, filters)).toBe(expected);
  });
});
