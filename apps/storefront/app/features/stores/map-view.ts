import type { LatLng } from './geo';

/** The slippy-map convention: 256-px tiles, 2^z of them across at zoom z (Web Mercator). */
export const TILE_SIZE = 256;
/** Web Mercator stops at ±85.05113°, where the projected world is square. */
const MAX_LATITUDE = 85.05112878;

export interface Pixel {
  x: number;
  y: number;
}

/** A point's position in the whole world's pixels at a zoom, top-left being (0, 0). */
export function project(point: LatLng, zoom: number): Pixel {
  const worldSize = TILE_SIZE * 2 ** zoom;
  const lat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, point.lat));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((point.lng + 180) / 360) * worldSize,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * worldSize,
  };
}

/** The map's window on the world: its size and where its top-left corner is, in world pixels. */
export interface MapViewport {
  zoom: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface FitOptions {
  /** Room kept around the outermost markers, in px. */
  padding?: number;
  minZoom?: number;
  /** How close one dealer (or dealers on one street) is shown. */
  maxZoom?: number;
}

/** The closest zoom, centred on the points, at which every point shows inside the padding. */
export function fitViewport(
  points: readonly LatLng[],
  width: number,
  height: number,
  { padding = 48, minZoom = 1, maxZoom = 14 }: FitOptions = {},
): MapViewport {
  const projected = points.map((point) => project(point, 0));
  const xs = projected.map((pixel) => pixel.x);
  const ys = projected.map((pixel) => pixel.y);
  const [minX, maxX, minY, maxY] = projected.length
    ? [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
    : [0, TILE_SIZE, 0, TILE_SIZE];
  // At zoom 0 the points span (maxX - minX) px; each zoom level doubles that.
  const fitsX = Math.max(1, width - 2 * padding) / (maxX - minX);
  const fitsY = Math.max(1, height - 2 * padding) / (maxY - minY);
  const fitted = Math.floor(Math.log2(Math.min(fitsX, fitsY)));
  const zoom = Math.max(minZoom, Math.min(maxZoom, Number.isFinite(fitted) ? fitted : maxZoom));
  const scale = 2 ** zoom;
  const worldSize = TILE_SIZE * scale;
  let top = ((minY + maxY) / 2) * scale - height / 2;
  // Never show the grey beyond the poles when the world is tall enough to fill the map.
  if (worldSize >= height) top = Math.max(0, Math.min(worldSize - height, top));
  return { zoom, left: ((minX + maxX) / 2) * scale - width / 2, top, width, height };
}

export interface MapTile {
  key: string;
  /** Tile coordinates for the URL template; x wraps around the date line. */
  x: number;
  y: number;
  z: number;
  /** Where the tile's top-left corner goes inside the map, in px. */
  left: number;
  top: number;
}

/** The tiles covering the viewport, left to right and top to bottom. */
export function visibleTiles(viewport: MapViewport): MapTile[] {
  const { zoom, left, top, width, height } = viewport;
  const count = 2 ** zoom;
  const tiles: MapTile[] = [];
  const firstRow = Math.max(0, Math.floor(top / TILE_SIZE));
  const lastRow = Math.min(count - 1, Math.floor((top + height - 1) / TILE_SIZE));
  for (let row = firstRow; row <= lastRow; row++) {
    for (let column = Math.floor(left / TILE_SIZE); column <= Math.floor((left + width - 1) / TILE_SIZE); column++) {
      tiles.push({
        key: `${zoom}/${column}/${row}`,
        x: ((column % count) + count) % count,
        y: row,
        z: zoom,
        left: column * TILE_SIZE - left,
        top: row * TILE_SIZE - top,
      });
    }
  }
  return tiles;
}

/** A point's position inside the map, in px from its top-left corner. */
export function positionInViewport(point: LatLng, viewport: MapViewport): Pixel {
  const pixel = project(point, viewport.zoom);
  return { x: pixel.x - viewport.left, y: pixel.y - viewport.top };
}

/** A tile's address from a `{z}/{x}/{y}` URL template, the form every tile server documents. */
export function tileUrl(template: string, tile: Pick<MapTile, 'x' | 'y' | 'z'>): string {
  return template.replace(/\{([xyz])\}/g, (_match, name: 'x' | 'y' | 'z') => String(tile[name]));
}
