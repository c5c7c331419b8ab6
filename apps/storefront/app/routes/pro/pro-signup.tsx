import { PageIntro } from '../../components/page-intro';
import { pageTitle } from '../../lib/brand';
import type { Route } from './+types/pro-signup';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Join the pro programme') }];

export default function ProSignupPage() {
  return (
    <PageIntro eyebrow="Pro" title="Join the pro programme">
      Tell us about your organisation and we will send you a pro code.
    </PageIntro>
  );
}
