import { describe, expect, it } from 'vitest';
import type { BannerEntry } from '@piste/content';
import { bannerMediaRequest, toBannerModuleView, type BannerModuleSources } from './page-module-view';
import { bannerEntry, hotspot } from '../../../test/content-fixtures';

const sources: BannerModuleSources = {
  imageSetMembers: () => [],
  imageMetadata: (id) => (id === 'lodge-scene' ? { width: 1600, height: 900, poi: { x: 0.4, y: 0.5 } } : null),
  resolveHotspot: {
    product: (uid) =>
      uid === 'summit-binding'
        ? { title: 'Summit Binding', href: '/en-us/p/summit-binding', imageId: null, priceText: '$349.00' }
        : null,
    page: () => null,
  },
  sanitize: (html) => html,
};

function withHotspots(content: Partial<NonNullable<BannerEntry['background']['content']>>): BannerEntry {
  const entry = bannerEntry();
  entry.background = {
    ...entry.background,
    content: {
      amplienceId: 'lodge-scene',
      enableHotspots: true,
      hotspots: [hotspot({ product: { uid: 'summit-binding' } })],
      ...content,
    },
  };
  return entry;
}

describe('toBannerModuleView', () => {
  it('is a plain banner without hotspot content', () => {
    expect(toBannerModuleView(bannerEntry(), 'en-us', sources)).toMatchObject({
      type: 'banner',
      banner: { uid: 'winter-hero' },
    });
  });

  it('is a hotspot image when hotspots are enabled and one survives', () => {
    expect(toBannerModuleView(withHotspots({}), 'en-us', sources)).toEqual({
      type: 'hotspot-image',
      image: {
        amplienceId: 'lodge-scene',
        alt: 'Dawn over the ridge',
        width: 1600,
        height: 900,
        poi: { x: 0.4, y: 0.5 },
        aspect: { desktop: null, mobile: null },
      },
      hotspots: [expect.objectContaining({ id: 'h1', title: 'Summit Binding' })],
    });
  });

  it.each<[string, Partial<NonNullable<BannerEntry['background']['content']>>]>([
    ['hotspots disabled', { enableHotspots: false }],
    ['no hotspots', { hotspots: [] }],
    ['only hotspots spec §5 drops', { hotspots: [hotspot({ dataType: null })] }],
    ['no hotspot that resolves', { hotspots: [hotspot({ product: { uid: 'retired' } })] }],
    ['no metadata for the image', { amplienceId: 'unknown-scene' }],
  ])('falls back to a plain banner with %s', (_case, content) => {
    expect(toBannerModuleView(withHotspots(content), 'en-us', sources).type).toBe('banner');
  });

  it("uses the banner's image when the hotspot content names none", () => {
    const entry = withHotspots({ amplienceId: ' ' });
    entry.background.amplience_id = 'lodge-scene';
    const view = toBannerModuleView(entry, 'en-us', sources);
    expect(view.type === 'hotspot-image' && view.image.amplienceId).toBe('lodge-scene');
  });
});

describe('bannerMediaRequest', () => {
  const withBackground = (background: Partial<BannerEntry['background']>): BannerEntry => {
    const entry = bannerEntry();
    entry.background = { ...entry.background, ...background };
    return entry;
  };

  it('names image-set backgrounds as sets and hotspot images as images, trimmed', () => {
    expect(
      bannerMediaRequest([
        withBackground({ imageset: 'Yes', amplience_id: ' winter-hero ' }),
        withHotspots({}),
        withHotspots({ amplienceId: ' ' }),
      ]),
    ).toEqual({ sets: ['winter-hero'], images: ['lodge-scene', 'banner-dawn'] });
  });

  it('asks for nothing for plain images, videos and hotspots switched off', () => {
    expect(
      bannerMediaRequest([
        bannerEntry(),
        withBackground({ type: 'Video', imageset: 'Yes' }),
        withHotspots({ enableHotspots: false }),
      ]),
    ).toEqual({ sets: [], images: [] });
  });
});
