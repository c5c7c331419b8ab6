import { describe, expect, it } from 'vitest';
import {
  dealerAtPlace,
  locateStores,
  NEARBY_RADIUS_KM,
  normalizeSearchText,
  type SearchableStore,
} from './store-search';

function store(uid: string, city: string, postcode: string, state: string, country: string, lat: number, lng: number) {
  return {
    uid,
    title: `Dealer ${city}`,
    address: { street_address: '1 Main St', city, state, postal_code: postcode, country },
    location: { lat, lng },
  } satisfies SearchableStore;
}

const innsbruck = store('innsbruck', 'Innsbruck', '6020', 'Tirol', 'AT', 47.2692, 11.4041);
const salzburg = store('salzburg', 'Salzburg', '5020', 'Salzburg', 'AT', 47.8095, 13.055);
const zurich = store('zurich', 'Zürich', '8001', 'ZH', 'CH', 47.3769, 8.5417);
const denver = store('denver', 'Denver', '80202', 'CO', 'US', 39.7392, -104.9903);
const london = store('london', 'London', 'WC2E 9LH', '', 'GB', 51.5128, -0.1236);
const tromso = store('tromso', 'Tromsø', '9008', 'Troms', 'NO', 69.6492, 18.9553);
const stores = [denver, zurich, salzburg, innsbruck, london, tromso];

const uids = (located: Array<{ store: SearchableStore }>) => located.map(({ store }) => store.uid);
const search = (query: string, language = 'en') => uids(locateStores(stores, { query, origin: null }, language));

describe('normalizeSearchText', () => {
  it('drops accents and case, and separates words by single spaces', () => {
    expect(normalizeSearchText('  Zürich,  ZH ')).toBe('zurich zh');
    expect(normalizeSearchText('Mâcon-Ville')).toBe('macon ville');
  });

  it('folds letters NFD leaves alone', () => {
    expect(normalizeSearchText('Tromsø Straße')).toBe('tromso strasse');
  });
});

describe('locateStores', () => {
  it('lists every dealer in content order without a query or a position', () => {
    expect(locateStores(stores, { query: '  ', origin: null }, 'en').map(({ store }) => store.uid)).toEqual(
      stores.map(({ uid }) => uid),
    );
  });

  it('finds a town by any case, accent or the start of its name', () => {
    expect(search('innsbruck')).toEqual(['innsbruck']);
    expect(search('INNS')).toEqual(['innsbruck']);
    expect(search('zurich')).toEqual(['zurich']);
    expect(search('Zürich')).toEqual(['zurich']);
    expect(search('tromso')).toEqual(['tromso']);
  });

  it('finds a postcode, its start, and a UK postcode typed without its space', () => {
    expect(search('6020')).toEqual(['innsbruck']);
    expect(search('802')).toEqual(['denver']);
    expect(search('wc2e9lh')).toEqual(['london']);
    expect(search('WC2E 9LH')).toEqual(['london']);
  });

  it('finds a state by name or code', () => {
    expect(search('tirol')).toEqual(['innsbruck']);
    expect(search('co')).toEqual(['denver']);
  });

  it('finds a country by code, English name or name in the page language', () => {
    expect(search('at').sort()).toEqual(['innsbruck', 'salzburg']);
    expect(search('austria').sort()).toEqual(['innsbruck', 'salzburg']);
    expect(search('osterreich', 'de').sort()).toEqual(['innsbruck', 'salzburg']);
    expect(search('Schweiz', 'de')).toEqual(['zurich']);
  });

  it('matches a code exactly, not as the start of a word', () => {
    expect(search('a')).toContain('salzburg');
    expect(search('at')).not.toContain('zurich');
  });

  it('needs every word of the query to match', () => {
    expect(search('denver co')).toEqual(['denver']);
    expect(search('innsbruck austria')).toEqual(['innsbruck']);
    expect(search('innsbruck switzerland')).toEqual([]);
  });

  it('finds nothing for an unknown place', () => {
    expect(search('Atlantis')).toEqual([]);
  });

  it('sorts the matches by distance from the place searched for, without showing distances', () => {
    const located = locateStores(stores, { query: 'Austria', origin: null }, 'en');
    // Salzburg comes first in content order, so it is the place; Innsbruck is 150 km from it.
    expect(uids(located)).toEqual(['salzburg', 'innsbruck']);
    expect(located.every(({ distanceKm }) => distanceKm === null)).toBe(true);
  });

  it('prefers the dealer in the town searched for as the place to sort from', () => {
    const inTirol = store('innsbruck-2', 'Innsbruck', '6020', 'Tirol', 'AT', 47.26, 11.39);
    const nearby = store('hall', 'Hall in Tirol', '6060', 'Tirol', 'AT', 47.2833, 11.5);
    const located = locateStores([nearby, inTirol], { query: 'tirol', origin: null }, 'en');
    expect(uids(located)).toEqual(['hall', 'innsbruck-2']);
    expect(uids(locateStores([salzburg, nearby, inTirol], { query: 'innsbruck', origin: null }, 'en'))).toEqual([
      'innsbruck-2',
    ]);
  });

  it('sorts every dealer by distance from the shopper, with the distance', () => {
    const located = locateStores(stores, { query: '', origin: { lat: 47.26, lng: 11.39 } }, 'en');
    expect(uids(located)).toEqual(['innsbruck', 'salzburg', 'zurich', 'london', 'tromso', 'denver']);
    expect(located[0]!.distanceKm).toBeCloseTo(1.5, 1);
    expect(located[1]!.distanceKm).toBeGreaterThan(located[0]!.distanceKm!);
  });

  it('filters by the query and sorts from the shopper when both are given', () => {
    const located = locateStores(stores, { query: 'at', origin: { lat: 47.8, lng: 13.04 } }, 'en');
    expect(uids(located)).toEqual(['salzburg', 'innsbruck']);
  });

  it('lists a dealer without usable coordinates last, without a distance', () => {
    const lost = { ...store('lost', 'Innsbruck', '6020', 'Tirol', 'AT', 0, 0), location: { lat: 200, lng: 0 } };
    const located = locateStores([lost, innsbruck, salzburg], { query: '', origin: { lat: 47.26, lng: 11.39 } }, 'en');
    expect(uids(located)).toEqual(['innsbruck', 'salzburg', 'lost']);
    expect(located[2]!.distanceKm).toBeNull();
  });

  it('lists the dealers near a located place, nearest first, with their distance from it', () => {
    // Munich has no dealer here: Innsbruck (about 100 km) and Salzburg (about 120 km) are near it.
    const located = locateStores(stores, { query: 'munich', origin: null, place: { lat: 48.14, lng: 11.58 } }, 'en');
    expect(uids(located)).toEqual(['innsbruck', 'salzburg', 'zurich']);
    expect(located[0]!.distanceKm).toBeGreaterThan(90);
    expect(located.every(({ distanceKm }) => distanceKm! <= NEARBY_RADIUS_KM)).toBe(true);
  });

  it('keeps a dealer matching the query by name beside the located place, with its distance', () => {
    const located = locateStores(stores, { query: 'austria', origin: null, place: { lat: 69.65, lng: 18.95 } }, 'en');
    expect(uids(located)).toEqual(['tromso', 'salzburg', 'innsbruck']);
    expect(located[1]!.distanceKm).toBeGreaterThan(NEARBY_RADIUS_KM);
  });

  it('lists nothing for a located place far from every dealer that matches no dealer', () => {
    expect(
      locateStores(stores, { query: 'reykjavik', origin: null, place: { lat: 64.15, lng: -21.94 } }, 'en'),
    ).toEqual([]);
  });

  it('tells the dealer whose own town or postcode is the query', () => {
    expect(dealerAtPlace(stores, ' Zürich ')?.uid).toBe('zurich');
    expect(dealerAtPlace(stores, '80202')?.uid).toBe('denver');
    expect(dealerAtPlace(stores, 'Austria')).toBeUndefined();
    expect(dealerAtPlace(stores, '')).toBeUndefined();
  });
});
