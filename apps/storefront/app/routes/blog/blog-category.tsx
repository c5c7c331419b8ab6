import { PageIntro } from '../../components/page-intro';
import { pageTitle } from '../../lib/brand';
import { titleFromSlug } from '../../lib/slug';
import type { Route } from './+types/blog-category';

export const meta: Route.MetaFunction = ({ params }) => [{ title: pageTitle(titleFromSlug(params.uid)) }];

export default function BlogCategoryPage({ params }: Route.ComponentProps) {
  return (
    <PageIntro eyebrow="Blog" title={titleFromSlug(params.uid)}>
      Stories from this part of the journal.
    </PageIntro>
  );
}
