import { PageIntro } from '../../components/page-intro';
import { pageTitle } from '../../lib/brand';
import type { Route } from './+types/account-home';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Your account') }];

export default function AccountHomePage() {
  return (
    <PageIntro eyebrow="Account" title="Your account">
      Orders, addresses and your profile, in one place.
    </PageIntro>
  );
}
