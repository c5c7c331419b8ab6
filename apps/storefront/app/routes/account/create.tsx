import { PageIntro } from '../../components/page-intro';
import { pageTitle } from '../../lib/brand';
import type { Route } from './+types/create';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Create an account') }];

export default function CreatePage() {
  return (
    <PageIntro eyebrow="Account" title="Create an account">
      Save your addresses, follow your orders and check out faster.
    </PageIntro>
  );
}
