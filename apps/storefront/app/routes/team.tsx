import { PageIntro } from '../components/page-intro';
import { pageTitle } from '../lib/brand';
import type { Route } from './+types/team';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Team riders') }];

export default function TeamPage() {
  return (
    <PageIntro eyebrow="Athletes" title="Team riders">
      The riders who test, break and improve every piece of our gear.
    </PageIntro>
  );
}
