import { PageIntro } from '../../components/page-intro';
import { pageTitle } from '../../lib/brand';
import type { Route } from './+types/profile';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Profile') }];

export default function ProfilePage() {
  return (
    <PageIntro eyebrow="Account" title="Profile">
      Your name, email address and password.
    </PageIntro>
  );
}
