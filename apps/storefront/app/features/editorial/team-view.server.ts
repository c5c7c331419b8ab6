import type { TeamPageEntry } from '@piste/content';
import type { ProductCardView } from '../catalogue/product-card-view';
import { editorialHtml } from './editorial-html.server';
import type { AthleteView } from './editorial-view';

/** The uids of the products every athlete picked, each once (references carry the uid resolved or not). */
export function favouriteProductUids(athletes: readonly TeamPageEntry[]): string[] {
  return [...new Set(athletes.flatMap((athlete) => (athlete.products ?? []).map((product) => product.uid)))];
}

/**
 * Where the team page shows an athlete: the entry's url without its slashes (its uid without a
 * url). Content links to the athlete (`/team{url}`) land there too (routes/team-athlete.tsx).
 */
export function athleteAnchor(athlete: TeamPageEntry): string {
  return athlete.url.trim().replace(/^\/+|\/+$/g, '') || athlete.uid;
}

/** An athlete and the cards of their favourite products, in the order they picked them. */
export function toAthlete(
  athlete: TeamPageEntry,
  cardsByUid: ReadonlyMap<string, ProductCardView>,
  locale: string,
): AthleteView {
  return {
    uid: athlete.uid,
    anchor: athleteAnchor(athlete),
    name: athlete.title,
    discipline: athlete.discipline ?? '',
    hometown: athlete.hometown ?? '',
    quote: athlete.quote ?? '',
    bioHtml: editorialHtml(athlete.bio ?? '', locale),
    portrait: athlete.portrait?.amplience_id ? athlete.portrait : null,
    products: (athlete.products ?? []).flatMap((product) => cardsByUid.get(product.uid) ?? []),
  };
}
