import { PageIntro } from '../components/page-intro';
import { pageTitle } from '../lib/brand';
import { titleFromSlug } from '../lib/slug';
import type { Route } from './+types/category';

/** The last segment of a multi-segment category uid names it (`/c/helmets/freeride`). */
function categoryTitle(splat: string | undefined): string {
  return titleFromSlug(splat?.split('/').filter(Boolean).at(-1));
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: pageTitle(categoryTitle(params['*'])) }];

export default function CategoryPage({ params }: Route.ComponentProps) {
  return <PageIntro eyebrow="Shop" title={categoryTitle(params['*'])} />;
}
