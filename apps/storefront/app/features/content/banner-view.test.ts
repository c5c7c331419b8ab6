import { describe, expect, it } from 'vitest';
import type { BannerCta } from '@piste/content';
import { bannerIcon, contentLanguage, toBannerView, type ImageSetMembers } from './banner-view';
import { bannerEntry } from '../../../test/content-fixtures';

const noSets: ImageSetMembers = () => [];
const markSanitized = (html: string) => `[sanitized]${html}`;

const internalCta = (extra: Partial<BannerCta> = {}): BannerCta => ({
  button_text: 'Shop bindings',
  type: 'page',
  internal_link: { title: 'Bindings', type: 'internal', content_type: 'product_category', href: 'bindings' },
  ...extra,
});

describe('toBannerView: copy and look', () => {
  it('carries the sanitized copy, overlay, layout and wrap flag', () => {
    const view = toBannerView(
      bannerEntry({ dark_overlay_on_banner_image: true, content_layout: 'middle-right', wrap_copy: true }),
      'en-us',
      noSets,
      markSanitized,
    );
    expect(view).toMatchObject({
      uid: 'winter-hero',
      title: 'Winter hero',
      contentHtml: '[sanitized]<h2>Gear for the whole mountain</h2>',
      darkOverlay: true,
      layout: { vertical: 'middle', horizontal: 'right' },
      wrapCopy: true,
    });
  });

  it('has no copy for blank content, without calling the sanitizer', () => {
    const view = toBannerView(bannerEntry({ content: ' \n ' }), 'en-us', noSets, () => {
      throw new Error('not expected');
    });
    expect(view.contentHtml).toBe('');
  });

  it('uses the top-left default for an unknown content_layout (spec §3)', () => {
    expect(toBannerView(bannerEntry({ content_layout: 'diagonal' }), 'en-us', noSets, markSanitized).layout).toEqual({
      vertical: 'top',
      horizontal: 'left',
    });
  });

  it('reads the aspect ratios, ignoring unreadable ones', () => {
    const entry = bannerEntry();
    entry.background = { ...entry.background, desktop_aspect_ratio: '16:9', mobile_aspect_ratio: 'tall' };
    expect(toBannerView(entry, 'en-us', noSets, markSanitized).aspect).toEqual({ desktop: 16 / 9, mobile: null });
  });
});

describe('contentLanguage: copy in another language than the page (for hyphenation)', () => {
  it.each([
    ['en-us', 'sv-se', 'en'],
    ['en-us', 'en-ca', undefined],
    ['de', 'de-at', undefined],
    ['fr', 'fr-ca', undefined],
    ['en-us', 'de-de', 'en'],
    [undefined, 'de-de', undefined],
  ])('an entry in %s on a %s page has lang %s', (entryLocale, pageLocale, expected) => {
    expect(contentLanguage(entryLocale, pageLocale)).toBe(expected);
  });

  it('is carried by the banner view', () => {
    expect(toBannerView(bannerEntry(), 'sv-se', noSets, markSanitized).contentLang).toBe('en');
    expect(toBannerView(bannerEntry(), 'en-us', noSets, markSanitized).contentLang).toBeUndefined();
  });
});

describe('toBannerView: banner icons (spec §4 Tags)', () => {
  it.each([
    ['best_seller', 'best-seller'],
    ['Coming soon', 'coming-soon'],
    [' new ', 'new'],
    ['sale', null],
    ['', null],
    [undefined, null],
  ])('banner_icon %j shows %s', (value, expected) => {
    expect(bannerIcon(value)).toBe(expected);
    expect(toBannerView(bannerEntry({ banner_icon: value }), 'en-us', noSets, markSanitized).icon).toBe(expected);
  });
});

describe('toBannerView: buttons and the banner link (spec §5)', () => {
  it('shows only buttons with text, and the banner is the link of its one button', () => {
    const view = toBannerView(
      bannerEntry({ cta_button_global: [internalCta(), internalCta({ button_text: '  ' })] }),
      'de-de',
      noSets,
      markSanitized,
    );
    expect(view.ctas).toEqual([
      { label: 'Shop bindings', type: 'page', className: null, link: { href: '/de-de/c/bindings', external: false } },
    ]);
    expect(view.link).toEqual({ href: '/de-de/c/bindings', external: false });
  });

  it('is no link with several buttons: each is its own link', () => {
    const view = toBannerView(
      bannerEntry({
        cta_button_global: [
          internalCta(),
          {
            button_text: 'Team',
            type: 'external',
            external_link: { title: 'Team', href: 'https://team.example.com' },
            new_tab: true,
          },
        ],
      }),
      'en-us',
      noSets,
      markSanitized,
    );
    expect(view.link).toBeNull();
    expect(view.ctas.map((cta) => cta.link)).toEqual([
      { href: '/en-us/c/bindings', external: false },
      { href: 'https://team.example.com', external: true, target: '_blank', rel: 'noopener noreferrer' },
    ]);
  });

  it('is no link when the banner disables linking, though its button still links', () => {
    const view = toBannerView(
      bannerEntry({ disable_link: true, cta_button_global: [internalCta()] }),
      'en-us',
      noSets,
      markSanitized,
    );
    expect(view.link).toBeNull();
    expect(view.ctas[0]?.link).toEqual({ href: '/en-us/c/bindings', external: false });
  });

  it('is no link when its one button links nowhere', () => {
    const view = toBannerView(
      bannerEntry({ cta_button_global: [internalCta({ disable_link: true })] }),
      'en-us',
      noSets,
      markSanitized,
    );
    expect(view.link).toBeNull();
    expect(view.ctas).toHaveLength(1);
  });
});

describe('toBannerView: backgrounds', () => {
  const withBackground = (background: Partial<ReturnType<typeof bannerEntry>['background']>, extra = {}) => {
    const entry = bannerEntry(extra);
    entry.background = { ...entry.background, ...background };
    return entry;
  };

  it('an image', () => {
    expect(toBannerView(withBackground({}), 'en-us', noSets, markSanitized).background).toEqual({
      kind: 'image',
      amplienceId: 'banner-dawn',
      alt: 'Dawn over the ridge',
      set: false,
    });
  });

  it('an image set of several images slides (spec §5)', () => {
    const members: ImageSetMembers = (id) => (id === 'winter-set' ? ['banner-dawn', 'banner-dusk'] : []);
    expect(
      toBannerView(withBackground({ imageset: 'Yes', amplience_id: 'winter-set' }), 'en-us', members, markSanitized)
        .background,
    ).toEqual({
      kind: 'image-set',
      images: [
        { amplienceId: 'banner-dawn', alt: 'Dawn over the ridge' },
        { amplienceId: 'banner-dusk', alt: 'Dawn over the ridge' },
      ],
      slider: true,
    });
  });

  it('an image set does not slide with one image or with the slider disabled', () => {
    const one = toBannerView(
      withBackground({ imageset: 'Yes' }),
      'en-us',
      () => ['banner-dawn'],
      markSanitized,
    ).background;
    const disabled = toBannerView(
      withBackground({ imageset: 'Yes' }, { disable_slider: true }),
      'en-us',
      () => ['banner-dawn', 'banner-dusk'],
      markSanitized,
    ).background;
    expect(one).toMatchObject({ kind: 'image-set', slider: false });
    expect(disabled).toMatchObject({ kind: 'image-set', slider: false });
  });

  it('an image set whose members are unknown is drawn as the set itself', () => {
    expect(toBannerView(withBackground({ imageset: 'Yes' }), 'en-us', noSets, markSanitized).background).toEqual({
      kind: 'image',
      amplienceId: 'banner-dawn',
      alt: 'Dawn over the ridge',
      set: true,
    });
  });

  it('a video, its poster kept under the same id', () => {
    expect(
      toBannerView(withBackground({ type: 'Video', amplience_id: 'video-snowfall' }), 'en-us', noSets, markSanitized)
        .background,
    ).toEqual({ kind: 'video', videoId: 'video-snowfall', posterId: 'video-snowfall', alt: 'Dawn over the ridge' });
  });

  it('none when the entry names no media', () => {
    expect(toBannerView(withBackground({ amplience_id: '  ' }), 'en-us', noSets, markSanitized).background).toBeNull();
  });
});
