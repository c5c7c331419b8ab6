import { PageIntro } from '../../components/page-intro';
import { pageTitle } from '../../lib/brand';
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Orders') }];

export default function OrdersPage() {
  return (
    <PageIntro eyebrow="Account" title="Orders">
      Every order you have placed, with its status and shipments.
    </PageIntro>
  );
}
