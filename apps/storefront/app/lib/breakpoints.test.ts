import { describe, it, expect } from 'vitest';
import { BREAKPOINTS, BREAKPOINT_NAMES, TOUCH_GESTURES, MEDIA_QUERIES, customMediaDefinitions } from './breakpoints';

describe('§9 Breakpoints constants', () => {
  it('has the minimum widths of the spec, narrowest first', () => {
    expect(BREAKPOINTS).toEqual({ xxxs: 0, xxs: 480, xs: 600, sm: 769, md: 900, lg: 1024, xl: 1200, xxl: 1440 });
    expect(BREAKPOINT_NAMES).toEqual(['xxxs', 'xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl']);
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
});

describe('MEDIA_QUERIES (one source for stylesheets and scripts)', () => {
  it('has an up and a below query for each spec §9 breakpoint above 0', () => {
    expect(MEDIA_QUERIES['md-up']).toBe('(min-width: 900px)');
    expect(MEDIA_QUERIES['below-md']).toBe('(max-width: 899.98px)');
    expect(MEDIA_QUERIES['xxl-up']).toBe('(min-width: 1440px)');
    expect(MEDIA_QUERIES['below-xxs']).toBe('(max-width: 479.98px)');
    expect(MEDIA_QUERIES['xxxs-up']).toBeUndefined();
  });

  it('names the spec’s phone (768 or less), tablet (above 768 and up to 1024) and mobile (below 1024)', () => {
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
