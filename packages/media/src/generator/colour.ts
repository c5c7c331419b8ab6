/** Colour and randomness helpers for the procedural drawings: deterministic, so reruns produce the same files. */

function channels(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  return [0, 2, 4].map((offset) => parseInt(value.slice(offset, offset + 2), 16)) as [number, number, number];
}

function toHex(rgb: number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes towards white (amount > 0) or black (amount < 0), amount in -1..1. */
export function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const weight = Math.abs(amount);
  return toHex(channels(hex).map((c) => c + (target - c) * weight));
}

export function mix(a: string, b: string, weight: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return toHex(ca.map((c, i) => c + (cb[i]! - c) * weight));
}

/** Relative luminance 0..1, to pick contrasting details on very dark or very light products. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => c / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** A detail colour that stands out against the base colour. */
export function contrastOf(hex: string): string {
  return luminance(hex) > 0.55 ? shade(hex, -0.55) : shade(hex, 0.45);
}

/** mulberry32 seeded by a string hash. */
export function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
