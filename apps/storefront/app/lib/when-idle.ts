/**
 * Runs `work` when the main thread is idle, within 2 s at the latest. Where the browser has no
 * requestIdleCallback (Safari), after `fallbackMs`. Returns a function that cancels it.
 */
export function whenIdle(work: () => void, fallbackMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, fallbackMs);
  return () => clearTimeout(handle);
}
