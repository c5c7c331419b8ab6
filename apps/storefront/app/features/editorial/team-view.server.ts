import type { TeamPageEntry } from '@piste/content';
import type { ProductCardView } from '../catalogue/product-card-view';
import { editorialHtml } from './editorial-html.server';
import type { AthleteView } from './editorial-view';

/** The uids of the products every athlete picked, each once (references carry the uid resolved or not). */
export function favouriteProductUids(athletes: readonly TeamPageEntry[]): string[] {
  return [...new Set(athletes.flatMap((athlete) => (athlete.products ?? []).map((product) => product.uid)))];
}

/** An athlete and the cards of their favourite products, in the order they picked them. */
export function toAthlete(
  athlete: TeamPageEntry,
  cardsByUid: ReadonlyMap<string, ProductCardView>,
  locale: string,
): AthleteView {
  return {
    uid: athlete.uid,
    anchor: athlete.url.trim().replace(/^\/+/, '') || athlete.uid,
    name: athlete.title,
    discipline: athlete.discipline ?? '',
    hometown: athlete.hometown ?? '',
    quote: athlete.quote ?? '',
    bioHtml: editorialHtml(athlete.bio ?? '', locale),
    portrait: athlete.portrait?.amplience_id ? athlete.portrait : null,
    products: (athlete.products ?? []).flatMap((product) => cardsByUid.get(product.uid) ?? []),
  };
}
