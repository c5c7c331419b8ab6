import { describe, expect, it } from 'vitest';
import { focalPoint, layoutHotspots } from './hotspot-layout';
import type { HotspotView } from './hotspot-view';

const view = (id: string, x: number, y: number): HotspotView => ({
  id,
  type: 'manual',
  title: id,
  description: '',
  point: { x, y },
  imageId: null,
  priceText: null,
  cta: null,
});

/** A 16:9 photo. */
const photo = { width: 1600, height: 900, poi: null };

describe('layoutHotspots', () => {
  it('places every hotspot where it is when the box has the image shape', () => {
    const layout = layoutHotspots([view('a', 0.1, 0.2), view('b', 0.9, 0.8)], photo, { width: 1600, height: 900 });
    expect(layout.narrow).toBe(false);
    expect(layout.placed.map((placed) => [placed.hotspot.id, placed.position])).toEqual([
      ['a', { x: 0.1, y: 0.2 }],
      ['b', { x: 0.9, y: 0.8 }],
    ]);
  });

  it('hides hotspots outside the cover crop and moves the rest into it (spec §5)', () => {
    // A square box shows the middle 9/16 of the width: x from 0.21875 to 0.78125.
    const layout = layoutHotspots([view('edge', 0.1, 0.5), view('centre', 0.5, 0.5)], photo, {
      width: 700,
      height: 700,
    });
    expect(layout.placed.map((placed) => placed.hotspot.id)).toEqual(['centre']);
    expect(layout.placed[0]?.position).toEqual({ x: 0.5, y: 0.5 });
  });

  it('crops around the point of interest', () => {
    // Focus on the left edge: the square crop is x 0 to 0.5625.
    const layout = layoutHotspots(
      [view('left', 0.1, 0.5), view('right', 0.9, 0.5)],
      { ...photo, poi: { x: 0, y: 0.5 } },
      {
        width: 700,
        height: 700,
      },
    );
    expect(layout.placed.map((placed) => placed.hotspot.id)).toEqual(['left']);
    expect(layout.placed[0]?.position.x).toBeCloseTo(0.1 / 0.5625, 10);
  });

  it('opens the popup by the marker place on screen (spec §5 bands)', () => {
    const layout = layoutHotspots([view('a', 0.1, 0.9), view('b', 0.45, 0.45)], photo, { width: 1600, height: 900 });
    expect(layout.placed.map((placed) => placed.popup)).toEqual([
      { horizontal: 'left', vertical: 'bottom' },
      { horizontal: 'center', vertical: 'middle' },
    ]);
  });

  it.each<[number, number, boolean]>([
    [650, 900, true],
    [651, 361, false],
    [1200, 360, true],
  ])('a %ix%i box is narrow: %s (spec §9)', (width, height, narrow) => {
    expect(layoutHotspots([], photo, { width, height }).narrow).toBe(narrow);
  });
});

describe('focalPoint', () => {
  it('keeps a point of interest inside the image, the centre standing in for none', () => {
    expect(focalPoint({ x: 0.3, y: 0.7 })).toEqual({ x: 0.3, y: 0.7 });
    expect(focalPoint({ x: -1, y: 2 })).toEqual({ x: 0, y: 1 });
    expect(focalPoint({ x: Number.NaN, y: 0.2 })).toEqual({ x: 0.5, y: 0.2 });
    expect(focalPoint(null)).toEqual({ x: 0.5, y: 0.5 });
  });
});
