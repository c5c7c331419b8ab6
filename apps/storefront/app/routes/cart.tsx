import { PageIntro } from '../components/page-intro';
import { pageTitle } from '../lib/brand';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Your cart') }];

export default function CartPage() {
  return <PageIntro title="Your cart">Review your gear before you check out.</PageIntro>;
}
