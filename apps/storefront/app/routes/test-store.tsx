import { PageIntro } from '../components/page-intro';
import { pageTitle } from '../lib/brand';
import type { Route } from './+types/test-store';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Test store') }];

export default function TestStorePage() {
  return (
    <PageIntro eyebrow="Internal" title="Test store">
      A page for checking the storefront's building blocks against live data.
    </PageIntro>
  );
}
