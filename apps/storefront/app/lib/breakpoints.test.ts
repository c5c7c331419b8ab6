import { describe, it, expect } from 'vitest';
import {
  BREAKPOINTS,
  BREAKPOINT_NAMES,
  type BreakpointName,
  DEFAULT_BREAKPOINT,
  DEFAULT_BREAKPOINT_WITH_MEDIA_QUERY_PLUGIN,
  type Gesture,
  type GestureInput,
  TOUCH_GESTURES,
  MEDIA_QUERIES,
  customMediaDefinitions,
  breakpointFor,
  classifyGesture,
  isMobile,
  isPhone,
  isTablet,
} from './breakpoints';

describe('§9 Breakpoints constants', () => {
  it('has the minimum widths of the spec, narrowest first', () => {
    expect(BREAKPOINTS).toEqual({ xxxs: 0, xxs: 480, xs: 600, sm: 769, md: 900, lg: 1024, xl: 1200, xxl: 1440 });
    expect(BREAKPOINT_NAMES).toEqual(['xxxs', 'xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl']);
  });

  it('defaults to lg, or xl with the media-query plugin', () => {
    expect(DEFAULT_BREAKPOINT).toBe('lg');
    expect(DEFAULT_BREAKPOINT_WITH_MEDIA_QUERY_PLUGIN).toBe('xl');
  });
});

describe('breakpointFor', () => {
  it.each<[number, BreakpointName]>([
    [0, 'xxxs'],
    [479, 'xxxs'],
    [480, 'xxs'],
    [599, 'xxs'],
    [600, 'xs'],
    [768, 'xs'],
    [769, 'sm'],
    [899, 'sm'],
    [900, 'md'],
    [1023, 'md'],
    [1024, 'lg'],
    [1199, 'lg'],
    [1200, 'xl'],
    [1439, 'xl'],
    [1440, 'xxl'],
    [3840, 'xxl'],
    [768.5, 'xs'],
    [-1, 'xxxs'],
    [Number.NaN, 'xxxs'],
    [Number.POSITIVE_INFINITY, 'xxl'],
  ])('%d px is %s', (width, expected) => {
    expect(breakpointFor(width)).toBe(expected);
  });
});

describe('device classes ("Mobile is below 1024. Phone is 768 or less. Tablet is above 768 and up to 1024.")', () => {
  it.each<[number, { mobile: boolean; phone: boolean; tablet: boolean }]>([
    [0, { mobile: true, phone: true, tablet: false }],
    [375, { mobile: true, phone: true, tablet: false }],
    [768, { mobile: true, phone: true, tablet: false }],
    [769, { mobile: true, phone: false, tablet: true }],
    [900, { mobile: true, phone: false, tablet: true }],
    [1023, { mobile: true, phone: false, tablet: true }],
    [1024, { mobile: false, phone: false, tablet: true }],
    [1025, { mobile: false, phone: false, tablet: false }],
    [1440, { mobile: false, phone: false, tablet: false }],
  ])('%d px', (width, expected) => {
    expect({ mobile: isMobile(width), phone: isPhone(width), tablet: isTablet(width) }).toEqual(expected);
  });
});

describe('§9 Touch gestures', () => {
  it('has the tolerances and timings of the spec', () => {
    expect(TOUCH_GESTURES).toEqual({
      tapTolerancePx: 10,
      swipeTolerancePx: 30,
      holdMs: 400,
      longTapMs: 400,
      dragFrequencyMs: 100,
      rolloverFrequencyMs: 100,
      ignoreMouseAfterTouchMs: 350,
    });
    expect(Object.isFrozen(TOUCH_GESTURES)).toBe(true);
  });

  it.each<[string, GestureInput, Gesture]>([
    ['no movement, short: tap', { dx: 0, dy: 0, durationMs: 100 }, 'tap'],
    ['within the 10 px tap tolerance: tap', { dx: 10, dy: -10, durationMs: 100 }, 'tap'],
    ['just under the hold time: tap', { dx: 0, dy: 0, durationMs: 399 }, 'tap'],
    ['held 400 ms: hold', { dx: 0, dy: 0, durationMs: 400 }, 'hold'],
    ['held long, moved within tolerance: hold', { dx: 5, dy: 5, durationMs: 2000 }, 'hold'],
    ['just past the tap tolerance, not a swipe: none', { dx: 11, dy: 0, durationMs: 100 }, 'none'],
    ['at the 30 px swipe tolerance: none', { dx: 30, dy: 0, durationMs: 100 }, 'none'],
    ['past the swipe tolerance right: swipe-right', { dx: 31, dy: 0, durationMs: 100 }, 'swipe-right'],
    ['past the swipe tolerance left: swipe-left', { dx: -31, dy: 0, durationMs: 100 }, 'swipe-left'],
    ['upwards (negative dy): swipe-up', { dx: 0, dy: -31, durationMs: 100 }, 'swipe-up'],
    ['downwards: swipe-down', { dx: 0, dy: 31, durationMs: 100 }, 'swipe-down'],
    ['mostly horizontal: horizontal swipe', { dx: -120, dy: 40, durationMs: 200 }, 'swipe-left'],
    ['mostly vertical: vertical swipe', { dx: 40, dy: 120, durationMs: 200 }, 'swipe-down'],
    ['exact diagonal: horizontal wins', { dx: 50, dy: -50, durationMs: 200 }, 'swipe-right'],
    ['slow long swipe is still a swipe', { dx: 200, dy: 0, durationMs: 1500 }, 'swipe-right'],
    ['vertical move under swipe tolerance: none', { dx: 2, dy: 25, durationMs: 100 }, 'none'],
    ['negative duration: none', { dx: 0, dy: 0, durationMs: -1 }, 'none'],
    ['NaN movement: none', { dx: Number.NaN, dy: 0, durationMs: 100 }, 'none'],
    ['infinite duration: none', { dx: 0, dy: 0, durationMs: Number.POSITIVE_INFINITY }, 'none'],
  ])('%s', (_rule, input, expected) => {
    expect(classifyGesture(input)).toBe(expected);
  });
});

describe('MEDIA_QUERIES (one source for stylesheets and scripts, issue 24)', () => {
  it('has an up and a below query for each spec §9 breakpoint above 0', () => {
    expect(MEDIA_QUERIES['md-up']).toBe('(min-width: 900px)');
    expect(MEDIA_QUERIES['below-md']).toBe('(max-width: 899.98px)');
    expect(MEDIA_QUERIES['xxl-up']).toBe('(min-width: 1440px)');
    expect(MEDIA_QUERIES['below-xxs']).toBe('(max-width: 479.98px)');
    expect(MEDIA_QUERIES['xxxs-up']).toBeUndefined();
  });

  it('names the spec’s phone, tablet and mobile as isPhone, isTablet and isMobile decide them', () => {
    expect(MEDIA_QUERIES.phone).toBe('(max-width: 768px)');
    expect(MEDIA_QUERIES.tablet).toBe('(min-width: 768.02px) and (max-width: 1024px)');
    expect(MEDIA_QUERIES.mobile).toBe('(max-width: 1023.98px)');
    expect(MEDIA_QUERIES.desktop).toBe('(min-width: 1024px)');
  });

  it('writes them as CSS custom media for the stylesheets', () => {
    const css = customMediaDefinitions();
    expect(css).toContain('@custom-media --md-up (min-width: 900px);');
    expect(css).toContain('@custom-media --mobile (max-width: 1023.98px);');
    expect(css.split('\n')).toHaveLength(Object.keys(MEDIA_QUERIES).length);
  });
});
