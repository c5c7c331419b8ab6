import type { ComponentProps } from 'react';
import type { ContentHref } from '@piste/content';
import { PrefetchLink } from '../../components/prefetch-link';

type ContentHrefLinkProps = Omit<ComponentProps<'a'>, 'href' | 'target' | 'rel'> & { link: ContentHref };

/**
 * A link the content rules built (buildContentHref, productCardHref, bannerLink). Its href
 * already carries the locale, so an internal one goes straight to PrefetchLink (LocaleLink
 * would add the locale a second time) and is prefetched in view like every shop link, except
 * in a new tab or on a slow connection (spec §2); an external one is a plain <a>
 * with the rule's target/rel (noopener noreferrer for new tabs).
 */
export function ContentHrefLink({ link, ...props }: ContentHrefLinkProps) {
  if (link.external) return <a href={link.href} target={link.target} rel={link.rel} {...props} />;
  return <PrefetchLink to={link.href} target={link.target} rel={link.rel} {...props} />;
}
