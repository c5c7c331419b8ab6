import { PageIntro } from '../../components/page-intro';
import { pageTitle } from '../../lib/brand';
import type { Route } from './+types/pro-home';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Pro programme') }];

export default function ProHomePage() {
  return (
    <PageIntro eyebrow="Pro" title="Pro programme">
      Trade pricing, a spend allowance and priority service for instructors, patrollers and shop staff.
    </PageIntro>
  );
}
