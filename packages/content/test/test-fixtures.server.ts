import type { ContentSnapshot, ContentTypeInput, EntryInput } from '../src/store/content-store-contract';

/** Test support: a small stack, written in code so tests never depend on the demo seed files. */

export const TEST_KEYS = { apiKey: 'test_stack', deliveryToken: 'test_token', environment: 'test_env' };

/** The headers every delivery request needs. */
export const AUTH_HEADERS = { api_key: TEST_KEYS.apiKey, access_token: TEST_KEYS.deliveryToken };

const type = (uid: string, fields: string[], options: Record<string, unknown> = {}): ContentTypeInput => ({
  uid,
  title: uid,
  description: '',
  options,
  schema: fields.map((field) => ({ uid: field, data_type: 'text', display_name: field })),
});

const ref = (contentTypeUid: string, uid: string) => ({ uid, _content_type_uid: contentTypeUid });

const entry = (
  contentTypeUid: string,
  uid: string,
  document: Record<string, unknown>,
  locale = 'en-us',
): EntryInput => ({ contentTypeUid, uid, locale, document });

/** How many display texts the fixture holds: more than one sync page. */
export const DISPLAY_TEXT_COUNT = 150;

export function fixtureSnapshot(): ContentSnapshot {
  const products = [
    { uid: 'summit', title: 'Summit Binding', id: 100, price: 449.95, category: 'bindings', regions: ['us', 'ca'] },
    { uid: 'ridge', title: 'Ridge Binding', id: 101, price: 299.95, category: 'bindings', regions: ['us', 'eu'] },
    { uid: 'vanta', title: 'Vanta MIPS Helmet', id: 102, price: 189.95, category: 'helmets', regions: ['eu'] },
    { uid: 'horizon', title: 'Horizon Goggle', id: 103, price: 129.95, category: 'goggles', regions: ['jp'] },
  ];
  return {
    contentTypes: [
      type('header', ['title', 'main_nav'], { singleton: true }),
      type('main_nav', ['title', 'link']),
      type('banner', ['title', 'content']),
      type('page', ['title', 'url', 'landing_page']),
      type('product', ['title', 'url', 'bc_products']),
      type('product_category', ['title', 'url']),
      type('display_text', ['title', 'text']),
    ],
    entries: [
      entry('banner', 'hero', { title: 'Hero', content: '<p>Fresh snow</p>', regions: ['us', 'eu'] }),
      entry('banner', 'hero', { title: 'Held', content: '<p>Neuschnee</p>', regions: ['us', 'eu'] }, 'de-de'),
      entry('banner', 'sale', { title: 'Sale', content: '<p>Sale</p>', regions: ['us'] }),
      entry('main_nav', 'nav-bindings', {
        title: 'Bindings',
        regions: ['us', 'ca'],
        link: { title: 'Bindings', href: '/c/bindings', banner: [ref('banner', 'hero'), ref('banner', 'gone')] },
      }),
      entry('main_nav', 'nav-helmets', {
        title: 'Helmets',
        regions: ['eu'],
        link: { title: 'Helmets', href: '/c/helmets', banner: [ref('banner', 'sale')] },
      }),
      entry('header', 'header', {
        title: 'Header',
        main_nav: [ref('main_nav', 'nav-bindings'), ref('main_nav', 'nav-helmets'), ref('main_nav', 'nav-gone')],
      }),
      entry('page', 'home', {
        title: 'Home',
        url: '/',
        landing_page: {
          modules: [
            { banner: { banner: [ref('banner', 'hero')] } },
            { rich_text: { content: '<p>Welcome</p>' } },
            { banner: { banner: [ref('banner', 'sale')] } },
          ],
        },
      }),
      ...['bindings', 'helmets', 'goggles'].map((uid) =>
        entry('product_category', uid, { title: uid, url: `/${uid}`, cat_ids_bc: { us: uid.length } }),
      ),
      ...products.map((product) =>
        entry('product', product.uid, {
          title: product.title,
          url: `/${product.uid}`,
          regions: product.regions,
          price: product.price,
          bc_products: { us: product.id, ca: product.id },
          product_category: [ref('product_category', product.category)],
          related_products: products.filter((other) => other !== product).map((other) => ref('product', other.uid)),
        }),
      ),
      entry('product', 'summit', { title: 'Summit Bindung', url: '/summit', regions: ['us'], price: 1 }, 'de-de'),
      ...Array.from({ length: DISPLAY_TEXT_COUNT }, (_, index) =>
        entry('display_text', `text-${String(index).padStart(3, '0')}`, {
          title: `Text ${index}`,
          text: `Wording ${index}`,
        }),
      ),
    ],
    assets: [
      {
        uid: 'logo',
        document: { title: 'Logo', filename: 'logo.svg', content_type: 'image/svg+xml', url: '/media/logo.svg' },
      },
      {
        uid: 'hero-image',
        document: { title: 'Hero', filename: 'hero.jpg', content_type: 'image/jpeg', url: '/media/hero.jpg' },
      },
    ],
    taxonomies: [
      {
        uid: 'activity',
        name: 'Activity',
        description: 'What the gear is for',
        terms: [
          { uid: 'freeride', name: 'Freeride' },
          { uid: 'park', name: 'Park' },
        ],
      },
    ],
  };
}
