import { PageIntro } from '../../components/page-intro';
import { pageTitle } from '../../lib/brand';
import { titleFromSlug } from '../../lib/slug';
import type { Route } from './+types/support-entry';

export const meta: Route.MetaFunction = ({ params }) => [{ title: pageTitle(titleFromSlug(params.uid)) }];

export default function SupportEntryPage({ params }: Route.ComponentProps) {
  return <PageIntro eyebrow="Support" title={titleFromSlug(params.uid)} />;
}
