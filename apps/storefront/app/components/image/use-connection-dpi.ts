import { useSyncExternalStore } from 'react';
import { dpiForConnection, FAST_CONNECTION_DPI, type DpiMap } from '@piste/media';

interface NetworkInformation extends EventTarget {
  effectiveType?: string;
}

function connection(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

function subscribe(onChange: () => void) {
  const info = connection();
  info?.addEventListener('change', onChange);
  return () => info?.removeEventListener('change', onChange);
}

/**
 * Spec §4 'Connection': 96/144 dpi on fast connections, 72 otherwise. The server renders the
 * fast map (it cannot know); a slow browser switches after hydration, before lazy images load.
 * The snapshot is the map itself, one of two constants, so on a fast connection the browser's
 * answer equals the server's and hydration is not followed by a synchronous render of every image.
 */
export function useConnectionDpi(): DpiMap {
  return useSyncExternalStore(
    subscribe,
    () => dpiForConnection(connection()?.effectiveType),
    () => FAST_CONNECTION_DPI,
  );
}
