import type { ComponentPropsWithoutRef } from 'react';
import { Link } from 'react-router';
import { useConnectionAllowsPrefetch } from '../../components/locale-link';
import type { ChromeLink as ChromeLinkView } from './site-chrome-view';

type ChromeLinkProps = Omit<ComponentPropsWithoutRef<'a'>, 'href' | 'target' | 'rel'> & { link: ChromeLinkView };

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * A link from content. Its href already carries the locale (buildContentHref), so shop links use
 * the router's Link as they are, never LocaleLink (which would add the locale again); links
 * leaving the shop are plain anchors. Prefetching follows LocaleLink (spec §2).
 */
export function ChromeLink({ link, children, ...props }: ChromeLinkProps) {
  const prefetchAllowed = useConnectionAllowsPrefetch();
  const newTab = link.newTab ? NEW_TAB : {};
  const content = children ?? link.label;
  if (link.external) {
    return (
      <a href={link.href} {...newTab} {...props}>
        {content}
      </a>
    );
  }
  const prefetch = link.newTab || !prefetchAllowed ? 'none' : 'viewport';
  return (
    <Link to={link.href} prefetch={prefetch} viewTransition {...newTab} {...props}>
      {content}
    </Link>
  );
}
