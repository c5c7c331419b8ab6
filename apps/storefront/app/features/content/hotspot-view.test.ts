import { describe, expect, it } from 'vitest';
import { toHotspotViews, type HotspotResolver } from './hotspot-view';
import { hotspot } from '../../../test/content-fixtures';

const resolve: HotspotResolver = {
  product: (uid) =>
    uid === 'summit-binding'
      ? { title: 'Summit Binding', href: '/de-de/p/summit-binding', imageId: 'summit-1', priceText: '349,00 €' }
      : null,
  page: (uid) => (uid === 'team' ? { title: 'Our team', href: '/de-de/team' } : null),
};

describe('toHotspotViews: spec §5 "Hotspots without a dataType, or with an empty title, are dropped"', () => {
  it('drops them', () => {
    const views = toHotspotViews(
      [
        hotspot({ id: 'typeless', dataType: null, product: { uid: 'summit-binding' } }),
        hotspot({ id: 'untitled', title: '  ', product: { uid: 'summit-binding' } }),
        hotspot({ id: 'kept', product: { uid: 'summit-binding' } }),
      ],
      'de-de',
      resolve,
    );
    expect(views.map((view) => view.id)).toEqual(['kept']);
  });
});

describe('toHotspotViews: product hotspots', () => {
  it('take title, link, image and price from the product, and the §9 default label', () => {
    const [view] = toHotspotViews(
      [hotspot({ description: ' Stiff and light ', points: { x: 0.2, y: 0.7 }, product: { uid: 'summit-binding' } })],
      'de-de',
      resolve,
    );
    expect(view).toEqual({
      id: 'h1',
      type: 'product',
      title: 'Summit Binding',
      description: 'Stiff and light',
      point: { x: 0.2, y: 0.7 },
      imageId: 'summit-1',
      priceText: '349,00 €',
      priceLabel: null,
      cta: { label: 'Shop Now', link: { href: '/de-de/p/summit-binding', external: false } },
    });
  });

  it("carry a group member's price label, as product cards do", () => {
    const withLabel: HotspotResolver = {
      ...resolve,
      product: (uid) => {
        const product = resolve.product(uid);
        return product && { ...product, priceText: '244,30 €', priceLabel: 'Pro price' };
      },
    };
    const [view] = toHotspotViews([hotspot({ product: { uid: 'summit-binding' } })], 'de-de', withLabel);
    expect(view).toMatchObject({ priceText: '244,30 €', priceLabel: 'Pro price' });
  });

  it("prefer the hotspot's own image and ctaCopy", () => {
    const [view] = toHotspotViews(
      [hotspot({ ampId: 'rider-close-up', ctaCopy: ' Get yours ', product: { uid: 'summit-binding' } })],
      'de-de',
      resolve,
    );
    expect(view?.imageId).toBe('rider-close-up');
    expect(view?.cta?.label).toBe('Get yours');
  });

  it('are dropped when the product does not resolve or is not named (spec §8 degrades to nothing)', () => {
    expect(toHotspotViews([hotspot({ product: { uid: 'retired-binding' } })], 'de-de', resolve)).toEqual([]);
    expect(toHotspotViews([hotspot()], 'de-de', resolve)).toEqual([]);
  });
});

describe('toHotspotViews: page hotspots', () => {
  it("link to the page, titled by it, with 'Learn More' (spec §9)", () => {
    const [view] = toHotspotViews(
      [hotspot({ dataType: { value: 'page' }, title: 'Riders', page: { uid: 'team' } })],
      'de-de',
      resolve,
    );
    expect(view).toMatchObject({
      type: 'page',
      title: 'Our team',
      imageId: null,
      priceText: null,
      cta: { label: 'Learn More', link: { href: '/de-de/team', external: false } },
    });
  });

  it('are dropped when the page does not resolve', () => {
    expect(toHotspotViews([hotspot({ dataType: { value: 'page' }, page: { uid: 'gone' } })], 'de-de', resolve)).toEqual(
      [],
    );
  });
});

describe('toHotspotViews: manual hotspots', () => {
  it('use their own group, a shop path staying in the locale', () => {
    const [view] = toHotspotViews(
      [
        hotspot({
          dataType: { value: 'manual' },
          manual: { title: 'Wax day', description: 'Free waxing', href: '/support/waxing', ampId: 'wax' },
        }),
      ],
      'fr-fr',
      resolve,
    );
    expect(view).toEqual({
      id: 'h1',
      type: 'manual',
      title: 'Wax day',
      description: 'Free waxing',
      point: { x: 0.5, y: 0.5 },
      imageId: 'wax',
      priceText: null,
      cta: { label: 'Learn More', link: { href: '/fr-fr/support/waxing', external: false } },
    });
  });

  it('keep an external link, and have no call to action when the href is refused (spec §8)', () => {
    const views = toHotspotViews(
      [
        hotspot({
          id: 'out',
          dataType: { value: 'manual' },
          manual: { title: 'Avalanche report', description: '', href: 'https://avalanche.example.org' },
        }),
        hotspot({
          id: 'bad',
          dataType: { value: 'manual' },
          manual: { title: 'Trap', description: '', href: 'javascript:alert(1)' },
        }),
      ],
      'en-us',
      resolve,
    );
    expect(views.map((view) => [view.id, view.cta])).toEqual([
      ['out', { label: 'Learn More', link: { href: 'https://avalanche.example.org', external: true } }],
      ['bad', null],
    ]);
  });
});
