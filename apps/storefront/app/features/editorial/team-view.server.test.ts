import { describe, expect, it } from 'vitest';
import type { ProductCardView } from '../catalogue/product-card-view';
import { teamEntry } from '../../../test/editorial-fixtures';
import { favouriteProductUids, toAthlete } from './team-view.server';

function card(uid: string): ProductCardView {
  return {
    uid,
    title: uid,
    commerceId: 100,
    sku: uid.toUpperCase(),
    onSale: false,
    isNew: false,
    isRedesigned: false,
    inStock: true,
    price: 100,
    salePrice: null,
    displayPrice: null,
    colours: [],
  };
}

const product = (uid: string) => ({ uid, _content_type_uid: 'product' });

describe('favouriteProductUids', () => {
  it('lists every picked product once', () => {
    const athletes = [
      teamEntry('mara', { products: [product('tour-32-pack'), product('ascent-lite')] }),
      teamEntry('liam', { products: [product('tour-32-pack'), product('kicker')] }),
    ];
    expect(favouriteProductUids(athletes)).toEqual(['tour-32-pack', 'ascent-lite', 'kicker']);
  });
});

describe('toAthlete', () => {
  it('anchors the athlete by url and keeps the picks that have a card, in order', () => {
    const athlete = toAthlete(
      teamEntry('mara', { url: '/mara-lindqvist', products: [product('b'), product('gone'), product('a')] }),
      new Map([
        ['a', card('a')],
        ['b', card('b')],
      ]),
      'en-us',
    );
    expect(athlete.anchor).toBe('mara-lindqvist');
    expect(athlete.products.map((pick) => pick.uid)).toEqual(['b', 'a']);
  });

  it('sanitizes the bio and has no portrait without a media id', () => {
    const athlete = toAthlete(
      teamEntry('mara', {
        bio: '<p style="color:red">Rides <img src="x" onerror="alert(1)">hard</p>',
        portrait: { amplience_id: '' },
      }),
      new Map(),
      'en-us',
    );
    expect(athlete.bioHtml).toBe('<p>Rides <img src="x" />hard</p>');
    expect(athlete.portrait).toBeNull();
  });
});
