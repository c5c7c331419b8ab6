import { PageIntro } from '../../components/page-intro';
import { pageTitle } from '../../lib/brand';
import type { Route } from './+types/pro-create';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Create a pro account') }];

export default function ProCreatePage() {
  return (
    <PageIntro eyebrow="Pro" title="Create a pro account">
      Use the pro code from your organisation to open a trade account.
    </PageIntro>
  );
}
