import { Outlet } from 'react-router';
import { parseLocale } from '@piste/core';
import { pageNotFound } from '../lib/page-not-found';
import type { Route } from './+types/locale-layout';

/** Spec §5: a page whose route metadata fails validation (here: an unknown locale) is a 404. */
export function loader({ params, request }: Route.LoaderArgs) {
  if (!parseLocale(params.lang)) throw pageNotFound(request);
  return null;
}

export default function LocaleLayout() {
  return <Outlet />;
}
