import { PageIntro } from '../components/page-intro';
import { pageTitle } from '../lib/brand';
import type { Route } from './+types/proclub';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Pro club') }];

export default function ProclubPage() {
  return (
    <PageIntro eyebrow="Pro" title="Pro club">
      Members-only drops, early access and events for pro customers.
    </PageIntro>
  );
}
