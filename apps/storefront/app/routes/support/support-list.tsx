import { PageIntro } from '../../components/page-intro';
import { pageTitle } from '../../lib/brand';
import type { Route } from './+types/support-list';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Support') }];

export default function SupportListPage() {
  return (
    <PageIntro eyebrow="Help" title="Support">
      Answers about orders, shipping, returns, sizing and warranty.
    </PageIntro>
  );
}
