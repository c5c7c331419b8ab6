import { redirect } from 'react-router';
import { localizePath } from '@piste/core';
import { athleteSectionOf } from '../features/editorial/team-page.server';
import { pageNotFound } from '../lib/page-not-found';
import type { Route } from './+types/team-athlete';

/**
 * `/{lang}/team/{athlete}`, where content links to an athlete go (spec §2 'Content-type URL
 * prefixes': athlete /team): the athlete's section of the team page, or 404 for no such athlete
 * in the region.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { localeState } = context;
  const anchor = await athleteSectionOf(context, localeState, params['*'] ?? '');
  if (!anchor) throw pageNotFound(request);
  throw redirect(localizePath(localeState.locale, `/team#${encodeURIComponent(anchor)}`));
}

/** Never rendered: the loader always throws. A component makes its 404 the error page. */
export default function TeamAthlete() {
  return null;
}
