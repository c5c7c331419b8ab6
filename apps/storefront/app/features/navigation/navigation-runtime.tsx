import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { createPath, UNSAFE_DataRouterContext, UNSAFE_FrameworkContext, useBlocker, type Location } from 'react-router';
import { BuildWatcher, fetchLatestBuildId } from './build-watcher';
import { ROUTE_PRELOAD_TIMEOUT_MS, routePrefetchQueue } from '../../lib/prefetch-queue';
import { claimRecoveryReload, isChunkLoadError, RELOAD_GUARD_MS, sessionStorageOrNull } from './reload-guard';

/** The Navigation API's navigate event, where the browser has it (Chromium; recent Safari and Firefox). */
interface NavigateEventLike extends Event {
  readonly navigationType: 'push' | 'replace' | 'reload' | 'traverse';
}

/** A route's script could not be loaded and the reload guard refused another reload: the error page shows. */
export class ChunkLoadFailure extends Error {
  constructor(target: string) {
    super(`The scripts of ${target} could not be loaded.`);
    this.name = 'ChunkLoadFailure';
  }
}

// True while our own call to `location` runs (its navigate event fires inside the call); and
// once our full page load has started, so that later reloads cannot replace it.
let ownNavigation = false;
let leavingPage = false;

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Leaves the client-side app for a full page load of `target` (a reload when it is the page shown). */
function fullPageLoad(target: string) {
  leavingPage = true;
  ownNavigation = true;
  try {
    if (target === currentPath()) window.location.reload();
    else window.location.assign(target);
  } finally {
    ownNavigation = false;
  }
}

/** Reloads `target` unless the 10-second guard refuses (spec §4 'Connection'). */
function recoverBy(target: string): boolean {
  if (!claimRecoveryReload(sessionStorageOrNull(), Date.now())) return false;
  fullPageLoad(target);
  return true;
}

/**
 * The app's navigation duties that need no markup, mounted once in the root:
 * - Spec §2 "After a chunk load failure, the target route is reloaded". React Router answers a
 *   route module that fails to import by reloading the page the shopper is leaving; where the
 *   Navigation API exists that reload is caught and the navigation's target is loaded instead,
 *   and Vite's `vite:preloadError` (a lazily imported chunk) does the same. The reload guard
 *   allows one such reload per 10 s; after that the error page shows instead of a reload loop.
 * - Spec §7: a new build is checked for hourly; once one is out, the next navigation is a full
 *   page load, so the shopper gets the new build's scripts instead of chunks that no longer exist.
 */
export function NavigationRuntime() {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const buildId = useContext(UNSAFE_FrameworkContext)?.manifest.version;
  const [failure, setFailure] = useState<ChunkLoadFailure | null>(null);
  // Where the shopper is going, noted when a navigation starts: React Router may load the target's
  // module (and fail) before its navigation state says so. NOTE: this uses the router's one blocker
  // slot, only to watch; it never blocks.
  const intent = useRef<{ target: string; at: number } | null>(null);
  useBlocker(
    useCallback(({ nextLocation }: { nextLocation: Location }) => {
      intent.current = { target: createPath(nextLocation), at: Date.now() };
      return false;
    }, []),
  );
  if (failure) throw failure;

  useEffect(() => {
    if (!router) return;
    const pendingTarget = () => {
      const { navigation } = router.state;
      if (navigation.state !== 'idle' && navigation.location) return createPath(navigation.location);
      const noted = intent.current;
      return noted && Date.now() - noted.at < RELOAD_GUARD_MS ? noted.target : null;
    };

    const onNavigate = (event: Event) => {
      const navigate = event as NavigateEventLike;
      if (ownNavigation || navigate.navigationType !== 'reload' || !navigate.cancelable) return;
      const target = pendingTarget();
      if (leavingPage) {
        // More failed imports while our full page load is under way must not turn it into a reload.
        navigate.preventDefault();
      } else if (target) {
        navigate.preventDefault();
        if (!recoverBy(target)) setFailure(new ChunkLoadFailure(target));
      } else if (Date.now() - routePrefetchQueue.lastStartAt < ROUTE_PRELOAD_TIMEOUT_MS) {
        // React Router also reloads when a module it prefetches fails to import. Reloading the
        // working page cannot help and would repeat while the link stays in view; following the
        // link recovers. NOTE: the app's own reloads go through fullPageLoad, never reload().
        navigate.preventDefault();
      }
    };
    const navigation = (window as Window & { navigation?: EventTarget }).navigation;
    navigation?.addEventListener('navigate', onNavigate);

    const onPreloadError = (event: Event) => {
      if (recoverBy(pendingTarget() ?? currentPath())) event.preventDefault();
    };
    window.addEventListener('vite:preloadError', onPreloadError);

    const watcher = buildId ? new BuildWatcher({ currentId: buildId, fetchLatestId: fetchLatestBuildId }) : null;
    const stopWatching = watcher?.start();
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') void watcher?.visible();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    let navigating = false;
    const unsubscribe = router.subscribe(({ navigation: next }) => {
      // A navigation that got somewhere (or failed with an answer) is no longer a target to recover.
      if (navigating && next.state === 'idle') intent.current = null;
      navigating = next.state !== 'idle';
      // A form posting data keeps its submission; only page visits become full loads.
      const visit = next.state === 'loading' && next.location && (!next.formMethod || next.formMethod === 'GET');
      if (watcher?.stale && visit && !leavingPage) fullPageLoad(createPath(next.location!));
    });

    return () => {
      navigation?.removeEventListener('navigate', onNavigate);
      window.removeEventListener('vite:preloadError', onPreloadError);
      stopWatching?.();
      document.removeEventListener('visibilitychange', onVisibilityChange);
      unsubscribe();
    };
  }, [router, buildId]);
  return null;
}

// The guard's answer per error: a render repeated (StrictMode, a parent update) must not claim twice.
const reloadDecisions = new WeakMap<Error, boolean>();

function reloadFor(error: Error): boolean {
  if (!reloadDecisions.has(error)) reloadDecisions.set(error, claimRecoveryReload(sessionStorageOrNull(), Date.now()));
  return reloadDecisions.get(error)!;
}

/**
 * For the root error boundary: an error that is a chunk failing to load (a lazily imported
 * component) reloads the page once, guarded; true while that reload is under way, so the
 * error page does not flash first.
 */
export function useChunkErrorRecovery(error: unknown): boolean {
  const reload = isChunkLoadError(error) && !(error instanceof ChunkLoadFailure) && reloadFor(error as Error);
  useEffect(() => {
    if (reload) fullPageLoad(currentPath());
  }, [reload]);
  return reload;
}
