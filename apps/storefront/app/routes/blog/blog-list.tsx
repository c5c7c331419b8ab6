import { PageIntro } from '../../components/page-intro';
import { pageTitle } from '../../lib/brand';
import type { Route } from './+types/blog-list';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Journal') }];

export default function BlogListPage() {
  return (
    <PageIntro eyebrow="Blog" title="Journal">
      Stories from the mountain: trips, gear guides and the people who ride.
    </PageIntro>
  );
}
