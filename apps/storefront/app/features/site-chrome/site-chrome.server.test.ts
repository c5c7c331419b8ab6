import { describe, expect, it, vi } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { resolveLocaleState } from '@piste/core';
import type {
  BannerEntry,
  BrandSettingsEntry,
  EmailSignupSettingsEntry,
  MainNavEntry,
  SystemFields,
  TopAlertEntry,
} from '@piste/content';
import type { HeaderContent } from '@piste/content/server';
import {
  alertViews,
  brandView,
  buildSiteChrome,
  chromeLink,
  emailSignupView,
  legibleColors,
  loadSiteChrome,
  mainNavViews,
} from './site-chrome.server';

function system(uid: string): SystemFields {
  return {
    uid,
    locale: 'en-us',
    title: uid,
    tags: [],
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    _version: 1,
    publish_details: { environment: 'production', locale: 'en-us', time: '2025-01-01T00:00:00Z' },
  };
}

function alert(uid: string, fields: Partial<TopAlertEntry> = {}): TopAlertEntry {
  return {
    ...system(uid),
    regions: ['us'],
    message: `<p>${uid}</p>`,
    link: { title: 'Shipping details', type: 'internal_path', href: '/support' },
    ...fields,
  };
}

function banner(fields: Partial<BannerEntry> = {}): BannerEntry {
  return {
    ...system('nav-bindings-banner'),
    title: 'Built for the backcountry',
    regions: ['us'],
    content: '<h3 onmouseover="x()">Splitboard season</h3><script>x()</script>',
    dark_overlay_on_banner_image: false,
    disable_link: false,
    content_layout: 'top-left',
    wrap_copy: false,
    background: { type: 'Image', imageset: 'No', amplience_id: 'banner-glacier', alt_text: 'A rider on a glacier' },
    cta_button_global: [
      {
        button_text: 'Shop splitboard',
        type: 'page',
        internal_link: { title: '', type: 'internal', content_type: 'product_category', href: '/bindings/splitboard' },
      },
    ],
    ...fields,
  };
}

function navItem(uid: string, fields: Partial<MainNavEntry> = {}): MainNavEntry {
  return {
    ...system(uid),
    regions: ['us'],
    link: { title: 'Bindings', type: 'internal', content_type: 'product_category', href: '/bindings' },
    columns: [],
    ...fields,
  };
}

const brandSettings: BrandSettingsEntry = {
  ...system('brand-settings-us'),
  title: 'Piste',
  regions: ['us'],
  site_url: 'https://www.pistegear.com',
  display_name: 'Piste',
  brand_logo: { amplience_id: 'logo' },
  amplience_brand_alias: 'piste',
  seo: {},
  social_media: [
    { network: 'instagram', url: 'https://www.instagram.com/pistegear', title: 'Instagram' },
    { network: 'evil', url: 'javascript:alert(1)', title: 'Evil' },
    { network: 'relative', url: '/instagram', title: 'Relative' },
  ],
  contact: {
    phone: '+1 801 555 0142',
    email: 'support@pistegear.com',
    address: {
      street_address: '1450 South West Temple, Suite 200',
      city: 'Salt Lake City',
      state: 'UT',
      postal_code: '84115',
      country: 'United States',
    },
    hours_of_operation: [
      { days_of_week: 'Monday – Friday', opening_time: '08:00', closing_time: '18:00' },
      { days_of_week: ' ', opening_time: '09:00', closing_time: '15:00' },
    ],
  },
  shopping: true,
  site_search: true,
  automate_related_products: true,
  enable_product_data_refactor: false,
};

const signupSettings: EmailSignupSettingsEntry = {
  ...system('email-signup-us'),
  regions: ['us'],
  lists: [
    { list_id: ' newsletter ', title: 'Piste newsletter' },
    { list_id: '', title: 'Broken list' },
  ],
  copy: {
    heading: 'Get first tracks',
    body: 'New gear, about twice a month.',
    consent_text: 'By subscribing you consent to marketing emails.',
    success_message: 'You’re in!',
  },
  back_in_stock_notifications: true,
};

describe('chromeLink', () => {
  it('keeps how a link opens, and needs a label', () => {
    expect(
      chromeLink({ title: ' Lookbook ', type: 'external', href: 'https://lookbook.example', new_tab: true }, 'de-de'),
    ).toEqual({
      label: 'Lookbook',
      href: 'https://lookbook.example',
      external: true,
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    expect(chromeLink({ title: '  ', type: 'internal_path', href: '/team' }, 'de-de')).toBeNull();
  });
});

describe('alertViews', () => {
  it('sanitizes the message and builds the link inside the locale', () => {
    const [view] = alertViews(
      [alert('free', { message: '<p onclick="x()">Free <script>x()</script>shipping</p>' })],
      'de-de',
    );
    expect(view).toEqual({
      id: 'free',
      messageHtml: '<p>Free shipping</p>',
      link: { label: 'Shipping details', href: '/de-de/support', external: false },
      colors: null,
    });
  });

  it('drops alerts with nothing left to say, and links that are refused', () => {
    const views = alertViews(
      [
        alert('empty', { message: '<script>alert(1)</script>' }),
        alert('bad-link', { link: { title: 'Click', type: 'external', href: 'javascript:alert(1)' } }),
      ],
      'en-us',
    );
    expect(views.map((view) => [view.id, view.link])).toEqual([['bad-link', null]]);
  });

  it('keeps the editor colours only when they are legible together', () => {
    const views = alertViews(
      [
        alert('dark', { background_color: '#0e1116', font_color: '#ffffff' }),
        alert('orange', { background_color: '#e2583e', font_color: '#ffffff' }),
      ],
      'en-us',
    );
    expect(views.map((view) => view.colors)).toEqual([{ background: '#0e1116', text: '#ffffff' }, null]);
  });
});

describe('legibleColors', () => {
  it('needs two hex colours with at least 4.5:1 contrast, in either order', () => {
    expect(legibleColors('#f4f1ea', '#0e1116')).toEqual({ background: '#f4f1ea', text: '#0e1116' });
    expect(legibleColors('#000', '#fff')).toEqual({ background: '#000', text: '#fff' });
    expect(legibleColors('#777777', '#ffffff')).toBeNull();
    expect(legibleColors('red', '#ffffff')).toBeNull();
    expect(legibleColors('#000;background:url(x)', '#ffffff')).toBeNull();
    expect(legibleColors(undefined, '#ffffff')).toBeNull();
  });
});

describe('mainNavViews', () => {
  it('builds the item, its columns and its banner for the locale', () => {
    const [view] = mainNavViews(
      [
        navItem('nav-bindings', {
          link: {
            title: 'Bindings',
            type: 'internal',
            content_type: 'product_category',
            href: '/bindings',
            banner: [banner()],
          },
          columns: [
            {
              heading: 'Featured',
              links: [
                {
                  title: 'Stealth Black bindings',
                  type: 'internal',
                  content_type: 'product_category',
                  href: '/bindings',
                  filters: [{ id: 'colour', value: 'stealth black' }],
                },
                { title: 'Summit Pro Binding', type: 'internal', content_type: 'product', href: '/summit-pro-binding' },
              ],
            },
          ],
        }),
      ],
      'en-ca',
    );
    expect(view).toEqual({
      id: 'nav-bindings',
      link: { label: 'Bindings', href: '/en-ca/c/bindings', external: false },
      isCategory: true,
      columns: [
        {
          heading: 'Featured',
          links: [
            {
              label: 'Stealth Black bindings',
              href: '/en-ca/c/bindings?colour=stealth%20black',
              external: false,
            },
            { label: 'Summit Pro Binding', href: '/en-ca/p/summit-pro-binding', external: false },
          ],
        },
      ],
      banner: {
        contentHtml: '<h3>Splitboard season</h3>',
        title: 'Built for the backcountry',
        image: { id: 'banner-glacier', set: false, alt: 'A rider on a glacier' },
        cta: { label: 'Shop splitboard', href: '/en-ca/c/bindings/splitboard', external: false },
      },
    });
  });

  it('leaves out empty columns, unresolved banners and items without a usable link', () => {
    const views = mainNavViews(
      [
        navItem('nav-stories', {
          link: {
            title: 'Stories',
            type: 'internal_path',
            href: '/blog',
            banner: [{ uid: 'missing', _content_type_uid: 'banner' }],
          },
          columns: [{ heading: 'Nothing', links: [{ title: '', type: 'internal_path', href: '/blog' }] }],
        }),
        navItem('nav-broken', { link: { title: 'Broken', type: 'external', href: 'javascript:void(0)' } }),
      ],
      'en-us',
    );
    expect(views).toEqual([
      {
        id: 'nav-stories',
        link: { label: 'Stories', href: '/en-us/blog', external: false },
        isCategory: false,
        columns: [],
        banner: null,
      },
    ]);
  });

  it('shows a video banner without a picture, and a banner with neither picture nor button not at all', () => {
    const video = banner({ background: { ...banner().background, type: 'Video' } });
    const bare = banner({ background: { ...banner().background, type: 'Video' }, cta_button_global: [] });
    const views = mainNavViews(
      [
        navItem('video', { link: { ...navItem('video').link, banner: [video] } }),
        navItem('bare', { link: { ...navItem('bare').link, banner: [bare] } }),
      ],
      'en-us',
    );
    expect(views.map((view) => view.banner)).toEqual([
      {
        contentHtml: '<h3>Splitboard season</h3>',
        title: 'Built for the backcountry',
        image: null,
        cta: { label: 'Shop splitboard', href: '/en-us/c/bindings/splitboard', external: false },
      },
      null,
    ]);
  });
});

describe('brandView', () => {
  it('gives dialable phone, mail, the address in North American order, hours and safe social links', () => {
    expect(brandView(brandSettings, 'us')).toEqual({
      displayName: 'Piste',
      contact: {
        phone: { label: '+1 801 555 0142', href: 'tel:+18015550142' },
        email: 'support@pistegear.com',
        address: ['1450 South West Temple, Suite 200', 'Salt Lake City, UT 84115', 'United States'],
        hours: [{ days: 'Monday – Friday', opens: '08:00', closes: '18:00' }],
      },
      social: [{ label: 'Instagram', href: 'https://www.instagram.com/pistegear', external: true }],
    });
  });

  it('puts the postal code first elsewhere, and leaves out contact details that are missing', () => {
    const settings: BrandSettingsEntry = {
      ...brandSettings,
      contact: {
        ...brandSettings.contact,
        phone: 'n/a',
        email: '',
        address: {
          street_address: 'Grabenweg 68',
          city: 'Innsbruck',
          state: '',
          postal_code: '6020',
          country: 'Austria',
        },
      },
    };
    expect(brandView(settings, 'eu_region_1').contact).toMatchObject({
      phone: null,
      email: null,
      address: ['Grabenweg 68', '6020 Innsbruck', 'Austria'],
    });
  });
});

describe('emailSignupView', () => {
  it('keeps the copy and the lists that have an id', () => {
    expect(emailSignupView(signupSettings)).toEqual({
      heading: 'Get first tracks',
      body: 'New gear, about twice a month.',
      consentText: 'By subscribing you consent to marketing emails.',
      privacyLink: null,
      successMessage: 'You’re in!',
      lists: [{ id: 'newsletter', title: 'Piste newsletter' }],
    });
  });

  it('links the consent to the privacy policy only with its words and a shop path', () => {
    const withLink = (privacy_link_text: string, privacy_url: string) =>
      emailSignupView({ ...signupSettings, copy: { ...signupSettings.copy, privacy_link_text, privacy_url } })
        ?.privacyLink;
    expect(withLink(' privacy policy ', '/privacy')).toEqual({ text: 'privacy policy', href: '/privacy' });
    expect(withLink('privacy policy', 'https://elsewhere.example/privacy')).toBeNull();
    expect(withLink('privacy policy', '//elsewhere.example')).toBeNull();
    expect(withLink('', '/privacy')).toBeNull();
  });

  it('is null without a list to subscribe to', () => {
    expect(emailSignupView({ ...signupSettings, lists: [] })).toBeNull();
  });
});

describe('buildSiteChrome', () => {
  const header: HeaderContent = {
    alerts: [alert('us-shipping')],
    mainNav: [
      navItem('nav-bindings'),
      navItem('nav-team', { link: { title: 'Team', type: 'internal_path', href: '/team' } }),
    ],
    secondaryNav: [{ title: 'Stores', type: 'internal_path', href: '/stores', regions: ['us'] }],
  };

  it('builds every part for the page locale', () => {
    const chrome = buildSiteChrome(
      { header, brand: brandSettings, emailSignup: signupSettings },
      resolveLocaleState({ locale: 'en-us' }),
    );
    expect(chrome.alerts.map((view) => view.id)).toEqual(['us-shipping']);
    expect(chrome.mainNav.map((item) => [item.link.label, item.isCategory])).toEqual([
      ['Bindings', true],
      ['Team', false],
    ]);
    expect(chrome.secondaryNav).toEqual([{ label: 'Stores', href: '/en-us/stores', external: false }]);
    expect(chrome.brand?.displayName).toBe('Piste');
    expect(chrome.emailSignup?.lists).toEqual([{ id: 'newsletter', title: 'Piste newsletter' }]);
  });

  it('is an empty chrome when content has nothing for the region (spec §8 "Navigation stays empty")', () => {
    const empty = buildSiteChrome(
      { header: { alerts: [], mainNav: [], secondaryNav: [] }, brand: null, emailSignup: null },
      resolveLocaleState({ locale: 'ja-jp' }),
    );
    expect(empty).toEqual({ alerts: [], mainNav: [], secondaryNav: [], brand: null, emailSignup: null });
  });
});

describe('loadSiteChrome', () => {
  it('reads header, brand and signup settings of the content locale and region in parallel', async () => {
    const client = {
      header: vi.fn(async () => ({ alerts: [alert('ca-shipping')], mainNav: [], secondaryNav: [] })),
      brandSettings: vi.fn(async () => null),
      emailSignupSettings: vi.fn(async () => null),
    };
    const context = { services: { content: { client } } } as unknown as AppLoadContext;
    const localeState = resolveLocaleState({ locale: 'fr-ca' });
    const chrome = await loadSiteChrome(context, localeState);
    for (const method of [client.header, client.brandSettings, client.emailSignupSettings]) {
      expect(method).toHaveBeenCalledWith(localeState.contentLocale, 'ca');
    }
    expect(chrome.alerts[0]?.link?.href).toBe('/fr-ca/support');
  });
});
