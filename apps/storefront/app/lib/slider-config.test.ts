import { describe, it, expect } from 'vitest';
import {
  BANNER_IMAGE_SET_AUTOPLAY_DELAY_MS,
  GRID_SKELETON_COUNT,
  SLIDER_DEFAULTS,
  SLIDER_SKELETON_COUNT,
  autoplayDelayMs,
  skeletonCount,
} from './slider-config';

describe('§9 slider constants', () => {
  it.each<[string, unknown, unknown]>([
    ['speed 500 ms', SLIDER_DEFAULTS.speed, 500],
    ['loop on', SLIDER_DEFAULTS.loop, true],
    ['autoplay delay 3000 ms', SLIDER_DEFAULTS.autoplay.delay, 3000],
    ['banner image sets 7000 ms', BANNER_IMAGE_SET_AUTOPLAY_DELAY_MS, 7000],
    ['zoom ratio 1 to 3', SLIDER_DEFAULTS.zoom, { minRatio: 1, maxRatio: 3 }],
    ['grid skeleton 6 items', GRID_SKELETON_COUNT, 6],
    ['slider skeleton 4 items', SLIDER_SKELETON_COUNT, 4],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('cannot be changed by a consumer', () => {
    expect(Object.isFrozen(SLIDER_DEFAULTS)).toBe(true);
    expect(Object.isFrozen(SLIDER_DEFAULTS.autoplay)).toBe(true);
    expect(Object.isFrozen(SLIDER_DEFAULTS.zoom)).toBe(true);
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
