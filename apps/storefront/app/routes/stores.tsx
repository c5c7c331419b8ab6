import { PageIntro } from '../components/page-intro';
import { pageTitle } from '../lib/brand';
import type { Route } from './+types/stores';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Find a store') }];

export default function StoresPage() {
  return (
    <PageIntro eyebrow="Stores" title="Find a store">
      Piste dealers and partner shops near you.
    </PageIntro>
  );
}
