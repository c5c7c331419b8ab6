import { PageIntro } from '../components/page-intro';
import { pageTitle } from '../lib/brand';
import { titleFromSlug } from '../lib/slug';
import type { Route } from './+types/product';

export const meta: Route.MetaFunction = ({ params }) => [{ title: pageTitle(titleFromSlug(params.uid)) }];

export default function ProductPage({ params }: Route.ComponentProps) {
  return <PageIntro eyebrow="Product" title={titleFromSlug(params.uid)} />;
}
