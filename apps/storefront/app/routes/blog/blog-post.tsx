import { PageIntro } from '../../components/page-intro';
import { pageTitle } from '../../lib/brand';
import { titleFromSlug } from '../../lib/slug';
import type { Route } from './+types/blog-post';

export const meta: Route.MetaFunction = ({ params }) => [{ title: pageTitle(titleFromSlug(params.uid)) }];

export default function BlogPostPage({ params }: Route.ComponentProps) {
  return <PageIntro eyebrow="Journal" title={titleFromSlug(params.uid)} />;
}
