import { useSyncExternalStore } from 'react';
import { dpiForConnection, type DpiMap } from '@piste/media';

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
 */
export function useConnectionDpi(): DpiMap {
  const effectiveType = useSyncExternalStore(
    subscribe,
    () => connection()?.effectiveType,
    () => undefined,
  );
  return dpiForConnection(effectiveType);
}
