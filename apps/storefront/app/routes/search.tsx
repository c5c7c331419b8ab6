import { PageIntro } from '../components/page-intro';
import { pageTitle } from '../lib/brand';
import type { Route } from './+types/search';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Search') }];

export default function SearchPage() {
  return <PageIntro title="Search">Find products, stories and support articles.</PageIntro>;
}
