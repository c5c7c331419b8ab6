import { useLocalizePath } from '../lib/locale';
import { PrefetchLink, type PrefetchLinkProps } from './prefetch-link';

/**
 * A link inside the visitor's locale (`to` is the path without the locale). It prefetches the
 * target when scrolled into view, except for links opening a new tab (spec §2).
 */
export function LocaleLink({ to, ...props }: PrefetchLinkProps) {
  const localize = useLocalizePath();
  return <PrefetchLink to={localize(to)} {...props} />;
}
