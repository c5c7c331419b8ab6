import { describe, it, expect } from 'vitest';
import {
  BANNER_IMAGE_SET_AUTOPLAY_DELAY_MS,
  GRID_SKELETON_COUNT,
  GRID_SLIDER_BREAKPOINTS,
  GRID_SLIDER_GAP_PX,
  PRODUCT_MODAL_SLIDER_DESTROY_DELAY_MS,
  SLIDER_DEFAULTS,
  SLIDER_SKELETON_COUNT,
  autoplayDelayMs,
  skeletonCount,
  slidesPerView,
} from './slider-config';

describe('§9 slider constants', () => {
  it.each<[string, unknown, unknown]>([
    ['speed 500 ms', SLIDER_DEFAULTS.speed, 500],
    ['loop on', SLIDER_DEFAULTS.loop, true],
    ['autoplay delay 3000 ms', SLIDER_DEFAULTS.autoplay.delay, 3000],
    ['banner image sets 7000 ms', BANNER_IMAGE_SET_AUTOPLAY_DELAY_MS, 7000],
    ['zoom ratio 1 to 3', SLIDER_DEFAULTS.zoom, { minRatio: 1, maxRatio: 3 }],
    ['destroy delay 1000 ms in a product modal', PRODUCT_MODAL_SLIDER_DESTROY_DELAY_MS, 1000],
    ['grid slider gap 10', GRID_SLIDER_GAP_PX, 10],
    ['grid skeleton 6 items', GRID_SKELETON_COUNT, 6],
    ['slider skeleton 4 items', SLIDER_SKELETON_COUNT, 4],
    [
      'grid slider steps',
      GRID_SLIDER_BREAKPOINTS,
      [
        { minWidth: 0, slidesPerView: 1 },
        { minWidth: 600, slidesPerView: 2 },
        { minWidth: 900, slidesPerView: 4 },
      ],
    ],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('cannot be changed by a consumer', () => {
    expect(Object.isFrozen(SLIDER_DEFAULTS)).toBe(true);
    expect(Object.isFrozen(SLIDER_DEFAULTS.autoplay)).toBe(true);
    expect(Object.isFrozen(SLIDER_DEFAULTS.zoom)).toBe(true);
  });
});

describe('slidesPerView ("1 per view below 600, 2 from 600, 4 from 900")', () => {
  it.each<[number, number]>([
    [0, 1],
    [320, 1],
    [599, 1],
    [599.9, 1],
    [600, 2],
    [768, 2],
    [899, 2],
    [900, 4],
    [1440, 4],
    [-10, 1],
    [Number.NaN, 1],
  ])('%d px shows %d', (width, expected) => {
    expect(slidesPerView(width)).toBe(expected);
  });
});

describe('autoplayDelayMs', () => {
  it.each<[Parameters<typeof autoplayDelayMs>[0], number]>([
    [undefined, 3000],
    [{}, 3000],
    [{ bannerImageSet: false }, 3000],
    [{ bannerImageSet: true }, 7000],
  ])('%o gives %d ms', (options, expected) => {
    expect(autoplayDelayMs(options)).toBe(expected);
  });
});

describe('skeletonCount', () => {
  it.each<[Parameters<typeof skeletonCount>[0], number]>([
    [undefined, 6],
    [{ inSlider: false }, 6],
    [{ inSlider: true }, 4],
  ])('%o gives %d placeholders', (options, expected) => {
    expect(skeletonCount(options)).toBe(expected);
  });
});
