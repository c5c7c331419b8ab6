import { inRegion } from '@piste/content/server';
import type { LocaleState } from '@piste/core';
import type { LoadContextOf } from '@piste/server/load-context';
import { currencyFormatFor } from '../catalogue/currency.server';
import { loadProductCardsByUids, type ProductCardReads } from '../catalogue/product-card.server';
import type { CurrencyReads } from '../catalogue/region-currencies.server';
import type { CurrencyFormatView } from '../../lib/money';
import type { AthleteView } from './editorial-view';
import { athleteAnchor, favouriteProductUids, toAthlete } from './team-view.server';

export interface TeamPageData {
  athletes: AthleteView[];
  currency: CurrencyFormatView | null;
  language: string;
}

/** `/team`: the region's athletes, with the products they ride read as cards once for the whole team. */
export async function loadTeamPage(
  context: ProductCardReads & CurrencyReads & LoadContextOf<'content', 'shopper'>,
  localeState: LocaleState,
): Promise<TeamPageData> {
  const athletes = inRegion(
    await context.services.content.client.athletes(localeState.contentLocale),
    localeState.ctsRegion,
  );
  const { shopper } = context;
  const [cards, currency] = await Promise.all([
    loadProductCardsByUids(context, localeState, shopper, favouriteProductUids(athletes)),
    currencyFormatFor(context, shopper, localeState.locale),
  ]);
  const cardsByUid = new Map(cards.map((card) => [card.uid, card]));
  return {
    athletes: athletes.map((athlete) => toAthlete(athlete, cardsByUid, localeState.locale)),
    currency,
    language: localeState.language,
  };
}

/**
 * The team page's anchor of the region's athlete a content link names (spec §2: athlete links are
 * `/team{url}`), or null when there is none. Athletes have no page of their own: their section
 * of `/team` is their page, as site search links them too.
 */
export async function athleteSectionOf(
  context: LoadContextOf<'content'>,
  localeState: LocaleState,
  path: string,
): Promise<string | null> {
  const wanted = path.replace(/^\/+|\/+$/g, '');
  if (wanted === '') return null;
  const athletes = inRegion(
    await context.services.content.client.athletes(localeState.contentLocale),
    localeState.ctsRegion,
  );
  const athlete = athletes.find((candidate) => athleteAnchor(candidate) === wanted);
  return athlete ? athleteAnchor(athlete) : null;
}
