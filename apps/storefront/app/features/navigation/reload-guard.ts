/** Spec §4 'Connection': "Reloads are guarded by a 10-second session window"; §9: "Reload guard 10 seconds." */
export const RELOAD_GUARD_MS = 10_000;
const RELOAD_GUARD_KEY = 'piste:recovery-reload-at';

/** What the guard needs of sessionStorage. */
export type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Whether the page may reload itself to recover now, recording the reload when it may. One
 * recovery reload per 10 s per tab: a chunk that is broken for good would otherwise reload the
 * page forever. Without a usable sessionStorage (some private modes) the guard cannot remember,
 * so it refuses: no loop is worse than a missed recovery.
 */
export function claimRecoveryReload(storage: GuardStorage | null, now: number): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(RELOAD_GUARD_KEY));
    // A clock set back leaves a "future" timestamp: that is not a recent reload.
    if (Number.isFinite(last) && last > 0 && now >= last && now - last < RELOAD_GUARD_MS) return false;
    storage.setItem(RELOAD_GUARD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/** The tab's sessionStorage, or null where reading it throws (storage disabled). */
export function sessionStorageOrNull(): GuardStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const CHUNK_LOAD_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i;

/** Whether an error is a script or style chunk of the build failing to load (Chromium, Safari and Firefox word it differently). */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_LOAD_ERROR.test(error.message));
}
