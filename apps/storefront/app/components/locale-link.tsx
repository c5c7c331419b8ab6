import { Link, type LinkProps } from 'react-router';
import { useEffect, useState } from 'react';
import { useLocalizePath } from '../lib/locale';

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Spec §2: prefetching is skipped on data-saver or 2g connections. */
function useConnectionAllowsPrefetch(): boolean {
  const [allowed, setAllowed] = useState(true);
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
    if (connection && (connection.saveData || /(^|-)2g$/.test(connection.effectiveType ?? ''))) setAllowed(false);
  }, []);
  return allowed;
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
