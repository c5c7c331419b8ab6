import { data, Outlet } from 'react-router';
import { parseLocale } from '@piste/core';
import type { Route } from './+types/locale-layout';

/** Spec §5: a page whose route metadata fails validation (here: an unknown locale) is a 404. */
export function loader({ params }: Route.LoaderArgs) {
  if (!parseLocale(params.lang)) throw data(null, { status: 404 });
  return null;
}

export default function LocaleLayout() {
  return <Outlet />;
}
