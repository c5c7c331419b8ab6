import { describe, expect, it } from 'vitest';
import { fitViewport, positionInViewport, project, TILE_SIZE, tileUrl, visibleTiles } from './map-view';

describe('project', () => {
  it('puts 0°/0° in the middle of the world and the corners at ±180°/±85.05°', () => {
    expect(project({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    const topLeft = project({ lat: 85.05112878, lng: -180 }, 1);
    expect(topLeft.x).toBe(0);
    expect(topLeft.y).toBeCloseTo(0, 6);
    expect(project({ lat: -89, lng: 180 }, 1).y).toBeCloseTo(2 * TILE_SIZE, 6);
  });

  it('matches the slippy-map tile of a known place', () => {
    // The OpenStreetMap wiki formula puts Innsbruck in tile 13/4355/2872.
    const pixel = project({ lat: 47.2692, lng: 11.4041 }, 13);
    expect([Math.floor(pixel.x / TILE_SIZE), Math.floor(pixel.y / TILE_SIZE)]).toEqual([4355, 2872]);
  });
});

describe('fitViewport', () => {
  const innsbruck = { lat: 47.2692, lng: 11.4041 };
  const vienna = { lat: 48.2082, lng: 16.3738 };

  it('shows one dealer at the closest zoom, centred', () => {
    const viewport = fitViewport([innsbruck], 800, 400, { maxZoom: 14 });
    expect(viewport.zoom).toBe(14);
    expect(positionInViewport(innsbruck, viewport)).toEqual({ x: 400, y: 200 });
  });

  it('zooms to fit every dealer inside the padding', () => {
    const viewport = fitViewport([innsbruck, vienna], 800, 400, { padding: 40 });
    for (const point of [innsbruck, vienna]) {
      const { x, y } = positionInViewport(point, viewport);
      expect(x).toBeGreaterThanOrEqual(40);
      expect(x).toBeLessThanOrEqual(760);
      expect(y).toBeGreaterThanOrEqual(40);
      expect(y).toBeLessThanOrEqual(360);
    }
    // One zoom closer and they no longer fit.
    const closer = { ...viewport, zoom: viewport.zoom + 1 };
    const span = positionInViewport(vienna, closer).x - positionInViewport(innsbruck, closer).x;
    expect(span).toBeGreaterThan(720);
  });

  it('keeps to the zoom limits and never shows beyond the poles', () => {
    const world = fitViewport(
      [
        { lat: 70, lng: -170 },
        { lat: -50, lng: 170 },
      ],
      1200,
      600,
      { minZoom: 2 },
    );
    expect(world.zoom).toBe(2);
    expect(world.top).toBeGreaterThanOrEqual(0);
    expect(world.top + world.height).toBeLessThanOrEqual(TILE_SIZE * 4);
  });
});

describe('visibleTiles', () => {
  it('covers the viewport with tiles placed relative to its corner', () => {
    const tiles = visibleTiles({ zoom: 3, left: 300, top: 100, width: 400, height: 300 });
    expect(tiles.map((tile) => tile.key)).toEqual(['3/1/0', '3/2/0', '3/1/1', '3/2/1']);
    expect(tiles[0]).toMatchObject({ x: 1, y: 0, z: 3, left: -44, top: -100 });
    expect(tiles[3]).toMatchObject({ left: 212, top: 156 });
  });

  it('wraps x around the date line and leaves out rows beyond the poles', () => {
    const tiles = visibleTiles({ zoom: 1, left: -100, top: -50, width: 700, height: 200 });
    expect(tiles.map(({ x, y }) => `${x}/${y}`)).toEqual(['1/0', '0/0', '1/0', '0/0']);
    expect(tiles[0]!.left).toBe(-156);
  });
});

describe('tileUrl', () => {
  it('fills a {z}/{x}/{y} template', () => {
    expect(tileUrl('https://tiles.example.com/{z}/{x}/{y}.png?key=k', { x: 4355, y: 2869, z: 13 })).toBe(
      'https://tiles.example.com/13/4355/2869.png?key=k',
    );
  });
});
