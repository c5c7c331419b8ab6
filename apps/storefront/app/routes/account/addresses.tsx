import { PageIntro } from '../../components/page-intro';
import { pageTitle } from '../../lib/brand';
import type { Route } from './+types/addresses';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Addresses') }];

export default function AddressesPage() {
  return (
    <PageIntro eyebrow="Account" title="Addresses">
      The delivery and billing addresses saved to your account.
    </PageIntro>
  );
}
