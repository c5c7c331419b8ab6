import { describe, it, expect } from 'vitest';
import type { BannerCta } from '../entry-types';
import { DEFAULT_BANNER_LAYOUT, bannerCtas, bannerLayout, bannerLink, isImageSetSlider } from './banner-rules';

const productCta = (button_text: string, extra: Partial<BannerCta> = {}): BannerCta => ({
  button_text,
  type: 'product',
  internal_link: { title: 'Helmet', type: 'internal', content_type: 'product', href: '/helmet' },
  ...extra,
});
const pageCta = (button_text: string): BannerCta => ({
  button_text,
  type: 'page',
  internal_link: { title: 'Stores', type: 'internal_path', href: '/stores' },
});
const externalCta = (button_text: string, href: string, extra: Partial<BannerCta> = {}): BannerCta => ({
  button_text,
  type: 'external',
  external_link: { title: 'Out', href },
  ...extra,
});

describe('bannerCtas (§5 "A banner button shows only if button_text is non-empty")', () => {
  it('drops buttons with empty or blank text and trims the others', () => {
    const ctas = bannerCtas(
      {
        cta_button_global: [productCta(''), productCta('   '), productCta('  Shop helmets '), pageCta('Find a store')],
      },
      'de-de',
    );
    expect(ctas.map((cta) => cta.label)).toEqual(['Shop helmets', 'Find a store']);
  });

  it('links product and page buttons through their internal link', () => {
    const [product, page] = bannerCtas({ cta_button_global: [productCta('Shop'), pageCta('Stores')] }, 'de-de');
    expect(product).toEqual({
      label: 'Shop',
      type: 'product',
      className: null,
      link: { href: '/de-de/p/helmet', external: false },
    });
    expect(page?.link).toEqual({ href: '/de-de/stores', external: false });
  });

  it('links external buttons through external_link', () => {
    const [cta] = bannerCtas({ cta_button_global: [externalCta('Watch', 'https://video.example/x')] }, 'en-us');
    expect(cta?.link).toEqual({ href: 'https://video.example/x', external: true });
  });

  it("opens a new tab when the button's new_tab is set", () => {
    const ctas = bannerCtas(
      {
        cta_button_global: [
          externalCta('Watch', 'https://video.example/x', { new_tab: true }),
          productCta('Shop', { new_tab: true }),
        ],
      },
      'en-us',
    );
    for (const cta of ctas) expect(cta.link).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });
  });

  it("keeps the internal link's own new_tab", () => {
    const cta = productCta('Shop', {
      internal_link: { title: 'Helmet', type: 'internal', content_type: 'product', href: '/helmet', new_tab: true },
    });
    expect(bannerCtas({ cta_button_global: [cta] }, 'en-us')[0]?.link?.target).toBe('_blank');
  });

  it.each<[string, BannerCta]>([
    ['disabled link', productCta('Shop', { disable_link: true })],
    ['no internal link', productCta('Shop', { internal_link: undefined })],
    ['external without external_link', { button_text: 'Go', type: 'external' }],
    ['external with a dangerous URL', externalCta('Go', 'javascript:alert(1)')],
    ['external using internal_link only', { ...productCta('Go'), type: 'external' }],
  ])('shows a button without a link: %s', (_case, cta) => {
    const ctas = bannerCtas({ cta_button_global: [cta] }, 'en-us');
    expect(ctas).toHaveLength(1);
    expect(ctas[0]?.link).toBeNull();
  });

  it('passes the trimmed button class', () => {
    const ctas = bannerCtas(
      { cta_button_global: [productCta('A', { button_class: ' btn-light ' }), productCta('B', { button_class: ' ' })] },
      'en-us',
    );
    expect(ctas.map((cta) => cta.className)).toEqual(['btn-light', null]);
  });

  it('returns nothing without buttons', () => {
    expect(bannerCtas({ cta_button_global: [] }, 'en-us')).toEqual([]);
  });
});

describe('bannerLink (§5 "only if linking is not disabled and there is exactly one call to action")', () => {
  it('is the link of the single button', () => {
    expect(bannerLink({ disable_link: false, cta_button_global: [productCta('Shop')] }, 'fr-fr')).toEqual({
      href: '/fr-fr/p/helmet',
      external: false,
    });
  });

  it('counts only shown buttons', () => {
    expect(
      bannerLink({ disable_link: false, cta_button_global: [productCta(''), productCta('Shop')] }, 'en-us')?.href,
    ).toBe('/en-us/p/helmet');
  });

  it.each<[string, boolean, BannerCta[]]>([
    ['linking disabled', true, [productCta('Shop')]],
    ['no button', false, []],
    ['only a blank button', false, [productCta(' ')]],
    ['two buttons: each is its own link', false, [productCta('Shop'), pageCta('Stores')]],
    ['the one button has no link', false, [productCta('Shop', { disable_link: true })]],
    ['the one button has a refused link', false, [externalCta('Go', 'data:text/html,x')]],
  ])('is null: %s', (_case, disable_link, cta_button_global) => {
    expect(bannerLink({ disable_link, cta_button_global }, 'en-us')).toBeNull();
  });
});

describe('isImageSetSlider (§5 "more than one image and the slider not disabled")', () => {
  it.each<[number, boolean | undefined, boolean]>([
    [0, false, false],
    [1, false, false],
    [2, false, true],
    [5, undefined, true],
    [2, true, false],
    [1, true, false],
  ])('%d images, disabled %s → %s', (count, disabled, expected) => {
    expect(isImageSetSlider(count, disabled)).toBe(expected);
  });
});

describe('bannerLayout (§3 "content_layout (default top-left)")', () => {
  it('defaults to top-left', () => {
    expect(DEFAULT_BANNER_LAYOUT).toEqual({ vertical: 'top', horizontal: 'left' });
  });

  it.each<[string | null | undefined, string, string]>([
    ['top-left', 'top', 'left'],
    ['top-center', 'top', 'center'],
    ['middle-center', 'middle', 'center'],
    ['center-center', 'middle', 'center'],
    ['bottom-right', 'bottom', 'right'],
    [' Bottom-Left ', 'bottom', 'left'],
    ['middle_right', 'middle', 'right'],
    ['', 'top', 'left'],
    [null, 'top', 'left'],
    [undefined, 'top', 'left'],
    ['left-top', 'top', 'left'],
    ['sideways', 'top', 'left'],
  ])('%j → %s %s', (content_layout, vertical, horizontal) => {
    expect(bannerLayout({ content_layout })).toEqual({ vertical, horizontal });
  });

  it('returns a copy of the default', () => {
    const layout = bannerLayout({ content_layout: '' });
    layout.vertical = 'bottom';
    expect(DEFAULT_BANNER_LAYOUT.vertical).toBe('top');
  });
});
