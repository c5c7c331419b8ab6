import { describe, expect, it } from 'vitest';
import { DEFAULT_BANNER_SIZES } from '@piste/media';
import { bannerFrameStyle, bannerImageSizes, DEFAULT_BANNER_ASPECT, parseAspectRatio } from './banner-aspect';

describe('parseAspectRatio (spec §3 desktop_aspect_ratio / mobile_aspect_ratio)', () => {
  it.each<[string, number]>([
    ['16:9', 16 / 9],
    ['16/9', 16 / 9],
    ['16 x 9', 16 / 9],
    ['3:1', 3],
    ['1:1', 1],
    ['4:5', 0.8],
    ['1.5', 1.5],
    [' 21:9 ', 21 / 9],
  ])('reads %s', (value, ratio) => {
    expect(parseAspectRatio(value)).toBeCloseTo(ratio, 10);
  });

  it.each(['', '  ', 'wide', '16:0', '0:9', '1:3', '7:1', '-16:9', '16:9:2'])('rejects %j', (value) => {
    expect(parseAspectRatio(value)).toBeNull();
  });

  it('treats a missing value as none', () => {
    expect(parseAspectRatio(undefined)).toBeNull();
    expect(parseAspectRatio(null)).toBeNull();
  });
});

describe('bannerImageSizes (spec §9 "Default banner sizes are 480x480, 768x432 and 1440x480")', () => {
  it('keeps the defaults without aspect ratios', () => {
    expect(bannerImageSizes(DEFAULT_BANNER_ASPECT)).toEqual(DEFAULT_BANNER_SIZES);
  });

  it('reshapes the phone sizes to the mobile aspect and the default size to the desktop one', () => {
    expect(bannerImageSizes({ desktop: 16 / 9, mobile: 4 / 5 })).toEqual([
      { width: 480, height: 600, breakpoint: { max: 480 }, slot: '100vw' },
      { width: 768, height: 960, breakpoint: { max: 768 }, slot: '100vw' },
      { width: 1440, height: 810, slot: '100vw' },
    ]);
  });

  it('reshapes one side only when only one aspect is set', () => {
    const sizes = bannerImageSizes({ desktop: 2, mobile: null });
    expect(sizes.map((size) => [size.width, size.height])).toEqual([
      [480, 480],
      [768, 432],
      [1440, 720],
    ]);
  });
});

describe('bannerFrameStyle', () => {
  it('names each rendition box by its breakpoint for media-frame.module.css', () => {
    expect(bannerFrameStyle(DEFAULT_BANNER_SIZES)).toEqual({
      '--aspect-480': '480 / 480',
      '--aspect-768': '768 / 432',
      '--aspect-wide': '1440 / 480',
    });
  });
});
