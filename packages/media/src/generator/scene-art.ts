import { mix, seededRandom, shade } from './colour';

export interface ScenePalette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  near: string;
  snow: string;
}

/** Times of day for the mountain scenes. */
export const PALETTES: Record<string, ScenePalette> = {
  dawn: { skyTop: '#2b3a67', skyBottom: '#f4a582', sun: '#ffe3b3', far: '#6b6f9e', near: '#2e3458', snow: '#f6e7ee' },
  bluebird: {
    skyTop: '#1e6bb8',
    skyBottom: '#bfe3f7',
    sun: '#fffbe6',
    far: '#7d9cc0',
    near: '#34506e',
    snow: '#ffffff',
  },
  dusk: { skyTop: '#3d1f4f', skyBottom: '#f07b5a', sun: '#ffd27a', far: '#7a4a6e', near: '#2a1c36', snow: '#f3d9e0' },
  storm: { skyTop: '#4b5563', skyBottom: '#cbd5e1', sun: '#f1f5f9', far: '#8a96a8', near: '#3b4452', snow: '#eef2f6' },
  night: { skyTop: '#0b1026', skyBottom: '#30406b', sun: '#e8ecff', far: '#3a4670', near: '#161d36', snow: '#c9d3f0' },
  glacier: {
    skyTop: '#5fa8d3',
    skyBottom: '#e6f4fa',
    sun: '#ffffff',
    far: '#9fbfd6',
    near: '#4b7190',
    snow: '#ffffff',
  },
};

/** A ridge line as points: a random walk with a few strong peaks. */
function ridge(width: number, base: number, height: number, rand: () => number, roughness: number) {
  const points: Array<[number, number]> = [];
  const peaks = Array.from({ length: 3 }, () => ({
    x: rand() * width,
    h: height * (0.6 + rand() * 0.4),
    w: width * (0.12 + rand() * 0.16),
  }));
  for (let x = -20; x <= width + 20; x += width / 90) {
    const peak = Math.max(...peaks.map((p) => p.h * Math.max(0, 1 - Math.abs(x - p.x) / p.w)));
    const noise = (rand() - 0.5) * roughness;
    points.push([x, base - peak - noise - height * 0.12]);
  }
  return points;
}

function ridgePath(points: Array<[number, number]>, width: number, height: number): string {
  return `M -20 ${height} L ${points.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join(' L ')} L ${width + 20} ${height} Z`;
}

/** Snow on the upper part of a ridge: the same outline clipped above a snow line. */
function snowCaps(id: string, path: string, snowLine: number, width: number, colour: string) {
  return `<clipPath id="${id}"><rect x="0" y="0" width="${width}" height="${snowLine}"/></clipPath>
    <path d="${path}" fill="${colour}" clip-path="url(#${id})" opacity="0.95"/>`;
}

export interface SceneOptions {
  width: number;
  height: number;
  palette: ScenePalette;
  seed: string;
  /** 0..1 where the sun sits across the sky (animated in the video). */
  sunX?: number;
  /** Animation phase 0..1 for clouds and snowfall. */
  phase?: number;
  snowfall?: boolean;
  trees?: boolean;
  /** Extra SVG drawn over the landscape (a rider, a figure). */
  overlay?: string;
}

/** A layered mountain landscape: sky, sun, two or three ridges with snow, optional trees and snowfall. */
export function mountainSvg(options: SceneOptions): string {
  const { width, height, palette, seed, sunX = 0.7, phase = 0 } = options;
  const rand = seededRandom(seed);
  const sky = `sky${seed.length}`;
  const layers = [
    { base: height * 0.72, h: height * 0.5, colour: mix(palette.far, palette.skyBottom, 0.35), rough: 10 },
    { base: height * 0.85, h: height * 0.45, colour: palette.far, rough: 16 },
    { base: height * 1.02, h: height * 0.42, colour: palette.near, rough: 22 },
  ];
  const ridges = layers
    .map((layer, index) => {
      const path = ridgePath(ridge(width, layer.base, layer.h, rand, layer.rough), width, height);
      const snowLine = layer.base - layer.h * (0.55 + index * 0.08);
      return `<path d="${path}" fill="${layer.colour}"/>${snowCaps(`cap${index}${seed.length}`, path, snowLine, width, index === 2 ? shade(palette.snow, -0.05) : mix(palette.snow, layer.colour, 0.25))}`;
    })
    .join('');
  const clouds = Array.from({ length: 4 }, (_, i) => {
    const y = height * (0.1 + rand() * 0.25);
    const x = ((rand() + phase * (0.2 + i * 0.05)) % 1.2) * width - width * 0.1;
    const w = width * (0.12 + rand() * 0.1);
    return `<ellipse cx="${x}" cy="${y}" rx="${w}" ry="${w * 0.14}" fill="#fff" opacity="0.35"/>`;
  }).join('');
  const trees = options.trees
    ? Array.from({ length: 26 }, () => {
        const x = rand() * width;
        const s = height * (0.05 + rand() * 0.06);
        const y = height * (0.93 + rand() * 0.06);
        return `<path d="M ${x} ${y - s * 2} L ${x + s * 0.55} ${y} L ${x - s * 0.55} ${y} Z" fill="${shade(palette.near, -0.35)}"/>`;
      }).join('')
    : '';
  const flakes = options.snowfall
    ? Array.from({ length: 140 }, () => {
        const x = rand() * width;
        const y = ((rand() + phase) % 1) * height;
        return `<circle cx="${x + Math.sin((phase + rand()) * 6.28) * 8}" cy="${y}" r="${1.5 + rand() * 3}" fill="#fff" opacity="0.8"/>`;
      }).join('')
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="${sky}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.skyTop}"/><stop offset="1" stop-color="${palette.skyBottom}"/></linearGradient>
  <radialGradient id="${sky}glow"><stop offset="0" stop-color="${palette.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${palette.sun}" stop-opacity="0"/></radialGradient></defs>
  <rect width="100%" height="100%" fill="url(#${sky})"/>
  <circle cx="${width * sunX}" cy="${height * 0.3}" r="${height * 0.22}" fill="url(#${sky}glow)"/>
  <circle cx="${width * sunX}" cy="${height * 0.3}" r="${height * 0.05}" fill="${palette.sun}"/>
  ${clouds}${ridges}${trees}${options.overlay ?? ''}${flakes}
</svg>`;
}

/** A rider's head and shoulders in helmet and goggles, for athlete portraits. */
export function riderOverlay(
  width: number,
  height: number,
  jacket: string,
  helmetColour: string,
  lensColour: string,
): string {
  const cx = width / 2;
  const top = height * 0.38;
  const s = width / 900;
  return `<g transform="translate(${cx} ${top}) scale(${s})">
    <path d="M -330 ${height / s} C -330 520 -250 420 -120 400 L 120 400 C 250 420 330 520 330 ${height / s} Z" fill="${jacket}"/>
    <path d="M -90 400 C -60 460 60 460 90 400" fill="${shade(jacket, -0.3)}"/>
    <rect x="-60" y="300" width="120" height="120" rx="30" fill="#e0b48f"/>
    <ellipse cx="0" cy="200" rx="170" ry="190" fill="#e9c29f"/>
    <path d="M -190 230 C -200 20 -100 -40 0 -40 C 100 -40 200 20 190 230 C 120 150 -120 150 -190 230 Z" fill="${helmetColour}"/>
    <rect x="-200" y="150" width="400" height="60" rx="28" fill="#1c1c1f"/>
    <path d="M -160 130 C -160 90 160 90 160 130 L 160 230 C 160 262 40 262 0 240 C -40 262 -160 262 -160 230 Z" fill="${lensColour}" stroke="#1c1c1f" stroke-width="14"/>
    <path d="M -120 120 L -40 120 L -110 240 L -150 240 Z" fill="#fff" opacity="0.3"/>
  </g>`;
}
