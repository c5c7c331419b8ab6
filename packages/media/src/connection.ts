import { FAST_CONNECTION_DPI, SLOW_CONNECTION_DPI, type DpiMap } from './descriptor';

const EFFECTIVE_TYPE_RANK: Record<string, number> = { 'slow-2g': 1, '2g': 2, '3g': 3, '4g': 4 };

/**
 * Spec §4 'Connection': fast when the effective type is at least 4 (4g). An unknown type —
 * on the server, or in browsers without the Network Information API — counts as fast.
 */
export function isFastConnection(effectiveType: string | undefined): boolean {
  if (!effectiveType) return true;
  const rank = EFFECTIVE_TYPE_RANK[effectiveType.toLowerCase()];
  return rank === undefined ? true : rank >= 4;
}

/** The dpi map for a connection: 96/144 when fast, 72/72 otherwise. */
export function dpiForConnection(effectiveType: string | undefined): DpiMap {
  return isFastConnection(effectiveType) ? FAST_CONNECTION_DPI : SLOW_CONNECTION_DPI;
}
