import { Link, type LinkProps } from 'react-router';
import { useSyncExternalStore } from 'react';
import { useLocalizePath } from '../lib/locale';

interface NetworkInformationLike extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}

function connection(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

function subscribeToConnection(onChange: () => void): () => void {
  connection()?.addEventListener('change', onChange);
  return () => connection()?.removeEventListener('change', onChange);
}

/** Spec §2: prefetching is skipped on data-saver or 2g connections. */
function connectionAllowsPrefetch(): boolean {
  const current = connection();
  return !current || !(current.saveData || /(^|-)2g$/.test(current.effectiveType ?? ''));
}

export function useConnectionAllowsPrefetch(): boolean {
  // The server cannot know the connection; prefetching only ever happens in the browser anyway.
  return useSyncExternalStore(subscribeToConnection, connectionAllowsPrefetch, () => true);
}

/**
 * A link inside the visitor's locale (`to` is the path without the locale). It prefetches the
 * target when scrolled into view, except for links opening a new tab (spec §2).
 */
export function LocaleLink({ to, target, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  const localize = useLocalizePath();
  const prefetchAllowed = useConnectionAllowsPrefetch();
  const prefetch = target === '_blank' || !prefetchAllowed ? 'none' : 'viewport';
  return <Link to={localize(to)} target={target} prefetch={prefetch} viewTransition {...props} />;
}
