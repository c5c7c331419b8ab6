import { describe, it, expect } from 'vitest';
import type { HotspotData } from '../entry-types';
import {
  DEFAULT_CTA_LABELS,
  HOTSPOT_MARKER_OFFSET_PX,
  HOTSPOT_RESIZE_DEBOUNCE_MS,
  coverCrop,
  hotspotContent,
  hotspotPopupPosition,
  hotspotPositionInCrop,
  isHotspotInCrop,
  isNarrowHotspotLayout,
  visibleHotspots,
  type CropRect,
  type VisibleHotspot,
} from './hotspot-rules';

const hotspot = (extra: Partial<HotspotData> = {}): HotspotData => ({
  id: 'h1',
  dataType: { value: 'product' },
  title: 'Summit Pro',
  points: { x: 0.5, y: 0.5 },
  ...extra,
});
const visible = (extra: Partial<HotspotData> = {}) => hotspot(extra) as VisibleHotspot;

describe('constants (§9 "Hotspots, banners and labels")', () => {
  it('has the marker offset, resize debounce and default labels', () => {
    expect(HOTSPOT_MARKER_OFFSET_PX).toBe(18);
    expect(HOTSPOT_RESIZE_DEBOUNCE_MS).toBe(450);
    expect(DEFAULT_CTA_LABELS).toEqual({ product: 'Shop Now', other: 'Learn More' });
  });
});

describe('visibleHotspots (§5 "without a dataType, or with an empty title, are dropped")', () => {
  it('keeps typed hotspots with a title, in order', () => {
    const list = [
      hotspot({ id: 'a' }),
      hotspot({ id: 'b', dataType: { value: 'page' } }),
      hotspot({ id: 'c', dataType: { value: 'manual' } }),
    ];
    expect(visibleHotspots(list).map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });

  it.each<[string, Partial<HotspotData>]>([
    ['null dataType', { dataType: null }],
    ['dataType without a value', { dataType: { value: '' as 'product' } }],
    ['empty title', { title: '' }],
    ['blank title', { title: '  \n ' }],
  ])('drops %s', (_case, extra) => {
    expect(visibleHotspots([hotspot(extra)])).toEqual([]);
  });
});

describe('hotspotPopupPosition (§5 "between 0.3 and 0.6 centres, above 0.6 goes right, otherwise left")', () => {
  it.each<[number, string]>([
    [0, 'left'],
    [0.29, 'left'],
    [0.2999999, 'left'],
    [0.3, 'center'],
    [0.45, 'center'],
    [0.6, 'center'],
    [0.6000001, 'right'],
    [0.61, 'right'],
    [1, 'right'],
    [Number.NaN, 'left'],
  ])('x %s → %s', (x, horizontal) => {
    expect(hotspotPopupPosition({ x, y: 0.5 }).horizontal).toBe(horizontal);
  });

  it.each<[number, string]>([
    [0, 'top'],
    [0.2999999, 'top'],
    [0.3, 'middle'],
    [0.6, 'middle'],
    [0.6000001, 'bottom'],
    [1, 'bottom'],
  ])('y %s → %s', (y, vertical) => {
    expect(hotspotPopupPosition({ x: 0.5, y }).vertical).toBe(vertical);
  });

  it('decides both axes independently', () => {
    expect(hotspotPopupPosition({ x: 0.9, y: 0.1 })).toEqual({ horizontal: 'right', vertical: 'top' });
    expect(hotspotPopupPosition({ x: 0.1, y: 0.9 })).toEqual({ horizontal: 'left', vertical: 'bottom' });
  });
});

describe('isNarrowHotspotLayout (§9 "width up to 650 or height up to 360")', () => {
  it.each<[number, number, boolean]>([
    [650, 800, true],
    [651, 800, false],
    [1200, 360, true],
    [1200, 361, false],
    [320, 200, true],
    [1440, 900, false],
  ])('%d x %d → %s', (width, height, expected) => {
    expect(isNarrowHotspotLayout(width, height)).toBe(expected);
  });
});

describe('coverCrop (object-fit: cover around the focal point)', () => {
  const expectCrop = (actual: CropRect, expected: CropRect) => {
    for (const side of ['left', 'top', 'right', 'bottom'] as const)
      expect(actual[side]).toBeCloseTo(expected[side], 10);
  };

  it('shows the whole image when the aspects match', () => {
    expectCrop(coverCrop(1.5, 1.5, { x: 0.9, y: 0.9 }), { left: 0, top: 0, right: 1, bottom: 1 });
  });

  it('cuts the sides of a wider image, centred on the focal point', () => {
    // A 2:1 image in a square: half the width is visible.
    expectCrop(coverCrop(2, 1, { x: 0.5, y: 0.5 }), { left: 0.25, top: 0, right: 0.75, bottom: 1 });
    expectCrop(coverCrop(2, 1, { x: 0.6, y: 0.1 }), { left: 0.35, top: 0, right: 0.85, bottom: 1 });
  });

  it('stops at the edges of the image', () => {
    expectCrop(coverCrop(2, 1, { x: 0.1, y: 0.5 }), { left: 0, top: 0, right: 0.5, bottom: 1 });
    expectCrop(coverCrop(2, 1, { x: 1, y: 0.5 }), { left: 0.5, top: 0, right: 1, bottom: 1 });
  });

  it('cuts the top and bottom of a taller image', () => {
    // A 16:9 image in a 16:4.5 banner: the middle half of its height when the focus is centred.
    expectCrop(coverCrop(16 / 9, 32 / 9, { x: 0.5, y: 0.5 }), { left: 0, top: 0.25, right: 1, bottom: 0.75 });
    expectCrop(coverCrop(16 / 9, 32 / 9, { x: 0.5, y: 0.9 }), { left: 0, top: 0.5, right: 1, bottom: 1 });
  });

  it('treats a focal point outside 0–1 as on the edge, and a missing one as the centre', () => {
    expectCrop(coverCrop(2, 1, { x: -3, y: 0.5 }), { left: 0, top: 0, right: 0.5, bottom: 1 });
    expectCrop(coverCrop(2, 1, { x: Number.NaN, y: 0.5 }), { left: 0.25, top: 0, right: 0.75, bottom: 1 });
  });

  it.each<[number, number]>([
    [0, 1],
    [1, 0],
    [-1, 2],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ])('shows the whole image for aspects %s and %s', (image, container) => {
    expect(coverCrop(image, container, { x: 0.5, y: 0.5 })).toEqual({ left: 0, top: 0, right: 1, bottom: 1 });
  });
});

describe('isHotspotInCrop / hotspotPositionInCrop (§5 "hidden … if it lies outside the visible crop")', () => {
  const crop: CropRect = { left: 0.25, top: 0, right: 0.75, bottom: 1 };

  it.each<[number, number, boolean]>([
    [0.5, 0.5, true],
    [0.25, 0.5, true],
    [0.75, 1, true],
    [0.2, 0.5, false],
    [0.8, 0.5, false],
    [0.5, 1.01, false],
  ])('(%s, %s) → %s', (x, y, expected) => {
    expect(isHotspotInCrop({ x, y }, crop)).toBe(expected);
  });

  it('maps a visible hotspot into the cropped container', () => {
    expect(hotspotPositionInCrop({ x: 0.5, y: 0.3 }, crop)).toEqual({ x: 0.5, y: 0.3 });
    expect(hotspotPositionInCrop({ x: 0.25, y: 0 }, crop)).toEqual({ x: 0, y: 0 });
    expect(hotspotPositionInCrop({ x: 0.375, y: 1 }, crop)).toEqual({ x: 0.25, y: 1 });
  });

  it('is null for a hidden hotspot', () => {
    expect(hotspotPositionInCrop({ x: 0.9, y: 0.5 }, crop)).toBeNull();
  });

  it('works with coverCrop at a focal-point breakpoint', () => {
    const mobile = coverCrop(16 / 9, 3 / 4, { x: 0.7, y: 0.5 });
    expect(isHotspotInCrop({ x: 0.7, y: 0.4 }, mobile)).toBe(true);
    expect(isHotspotInCrop({ x: 0.1, y: 0.4 }, mobile)).toBe(false);
  });
});

describe('hotspotContent (§3 "Hotspot", §9 default labels)', () => {
  it('uses the manual group for manual hotspots', () => {
    const content = hotspotContent(
      visible({
        dataType: { value: 'manual' },
        title: 'Top-level',
        description: 'ignored',
        ampId: 'ignored',
        manual: { title: ' Lift pass ', description: ' Ride more ', href: '/c/goggles?colour=red', ampId: 'scene-1' },
        points: { x: 0.2, y: 0.7 },
      }),
      'de-de',
    );
    expect(content).toEqual({
      id: 'h1',
      type: 'manual',
      title: 'Lift pass',
      description: 'Ride more',
      ampId: 'scene-1',
      ctaCopy: 'Learn More',
      point: { x: 0.2, y: 0.7 },
      link: { href: '/de-de/c/goggles?colour=red', external: false },
    });
  });

  it("falls back to the hotspot's own title when the manual group has none", () => {
    const content = hotspotContent(visible({ dataType: { value: 'manual' }, title: ' Here ' }), 'en-us');
    expect(content).toMatchObject({ title: 'Here', description: '', ampId: null, link: null });
  });

  it.each<[string, string, object | null]>([
    ['an external URL', 'https://example.com/x', { href: 'https://example.com/x', external: true }],
    ['a dangerous URL', 'javascript:alert(1)', null],
    ['a blank href', '  ', null],
  ])('resolves a manual href that is %s', (_case, href, link) => {
    const content = hotspotContent(
      visible({ dataType: { value: 'manual' }, manual: { title: 'T', description: '', href } }),
      'en-us',
    );
    expect(content.type === 'manual' && content.link).toEqual(link);
  });

  it('uses top-level fields and product.uid for product hotspots', () => {
    const content = hotspotContent(
      visible({
        title: ' Summit Pro ',
        description: ' Stiff ',
        ampId: ' img-1 ',
        product: { uid: 'summit-pro-binding' },
      }),
      'en-us',
    );
    expect(content).toEqual({
      id: 'h1',
      type: 'product',
      title: 'Summit Pro',
      description: 'Stiff',
      ampId: 'img-1',
      ctaCopy: 'Shop Now',
      point: { x: 0.5, y: 0.5 },
      productUid: 'summit-pro-binding',
    });
  });

  it('uses top-level fields and page.uid for page hotspots', () => {
    const content = hotspotContent(visible({ dataType: { value: 'page' }, page: { uid: 'about' } }), 'en-us');
    expect(content).toMatchObject({ type: 'page', title: 'Summit Pro', ctaCopy: 'Learn More', pageUid: 'about' });
  });

  it('is null for a missing uid', () => {
    expect(hotspotContent(visible(), 'en-us')).toMatchObject({ productUid: null });
    expect(hotspotContent(visible({ dataType: { value: 'page' } }), 'en-us')).toMatchObject({ pageUid: null });
  });

  it.each<[HotspotData['ctaCopy'], 'product' | 'page' | 'manual', string]>([
    ['Buy it', 'product', 'Buy it'],
    [' Read on ', 'page', 'Read on'],
    [undefined, 'product', 'Shop Now'],
    ['  ', 'product', 'Shop Now'],
    [undefined, 'page', 'Learn More'],
    ['', 'manual', 'Learn More'],
  ])('ctaCopy %j on %s → %s', (ctaCopy, value, expected) => {
    expect(hotspotContent(visible({ ctaCopy, dataType: { value } }), 'en-us').ctaCopy).toBe(expected);
  });
});
