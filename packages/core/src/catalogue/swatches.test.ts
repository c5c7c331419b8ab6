import { describe, it, expect } from 'vitest';
import { SWATCH_LIMITS, colourQueryValue, showContentSwatches, visibleSwatches } from './swatches';

const colours = (count: number) => Array.from({ length: count }, (_, i) => `c${i + 1}`);

describe('SWATCH_LIMITS (§9 "More than 6 … on desktop, more than 4 on mobile")', () => {
  it('is 6 on desktop and 4 on mobile', () => {
    expect(SWATCH_LIMITS).toEqual({ desktop: 6, mobile: 4 });
  });
});

describe('visibleSwatches', () => {
  it.each<[string, number, boolean, number, number]>([
    ['desktop, none', 0, false, 0, 0],
    ['desktop, one', 1, false, 1, 0],
    ['desktop, exactly 6: no link', 6, false, 6, 0],
    ['desktop, 7: first 6 and +1', 7, false, 6, 1],
    ['desktop, 10: first 6 and +4', 10, false, 6, 4],
    ['mobile, none', 0, true, 0, 0],
    ['mobile, exactly 4: no link', 4, true, 4, 0],
    ['mobile, 5: first 4 and +1', 5, true, 4, 1],
    ['mobile, 6: first 4 and +2', 6, true, 4, 2],
    ['mobile, 10: first 4 and +6', 10, true, 4, 6],
  ])('%s', (_rule, count, mobile, shownCount, overflow) => {
    const all = colours(count);
    const result = visibleSwatches(all, { mobile });
    expect(result).toEqual({ shown: all.slice(0, shownCount), overflow });
  });

  it('defaults to desktop', () => {
    expect(visibleSwatches(colours(7))).toEqual({ shown: colours(6), overflow: 1 });
  });

  it('keeps the order and does not share or change the input array', () => {
    const all = colours(3);
    const { shown } = visibleSwatches(all);
    expect(shown).toEqual(['c1', 'c2', 'c3']);
    expect(shown).not.toBe(all);
    shown.pop();
    expect(all).toHaveLength(3);
  });

  it('works with any swatch objects', () => {
    const swatches = [{ label: 'Black' }, { label: 'White' }];
    expect(visibleSwatches(swatches, { mobile: true }).shown).toEqual(swatches);
  });
});

describe('showContentSwatches (§5 "only when there is more than one colour")', () => {
  it.each<[number, boolean]>([
    [0, false],
    [1, false],
    [2, true],
    [12, true],
  ])('%d colours: %s', (count, expected) => {
    expect(showContentSwatches(count)).toBe(expected);
  });
});

describe('colourQueryValue (§2 "pass the selected colour (lowercased)")', () => {
  it.each<[string, string]>([
    ['Black', 'black'],
    ['Matte Black', 'matte black'],
    ['NAVY/ORANGE', 'navy/orange'],
    ['white', 'white'],
    [' Red ', 'red'],
    ['Blanc Cassé', 'blanc cassé'],
    ['İris', 'i\u0307ris'], // locale-independent: no Turkish dotless i
    ['', ''],
  ])('%s → %s', (label, expected) => {
    expect(colourQueryValue(label)).toBe(expected);
  });
});
