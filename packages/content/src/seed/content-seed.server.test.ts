import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { createContentStore } from '../store/content-store.server';
import { createContentSeed, ContentSeedError, type GeneratedEntries } from './content-seed.server';

const contentTypes = [
  {
    uid: 'header',
    title: 'Header',
    options: { singleton: true },
    schema: [
      { uid: 'title', data_type: 'text', display_name: 'Title', mandatory: true },
      { uid: 'main_nav', data_type: 'reference', display_name: 'Main nav', reference_to: ['main_nav'] },
    ],
  },
  {
    uid: 'main_nav',
    title: 'Main navigation',
    schema: [{ uid: 'title', data_type: 'text', display_name: 'Title', mandatory: true }],
  },
  {
    uid: 'product',
    title: 'Product',
    schema: [{ uid: 'url', data_type: 'text', display_name: 'URL', mandatory: true }],
  },
];

const mainNav = [
  { uid: 'nav-a', title: 'Bindings', regions: ['us'], translations: { 'de-de': { title: 'Bindungen' } } },
  { uid: 'nav-b', title: 'Helmets', regions: ['eu'] },
];
const header = [{ uid: 'header', title: 'Header', main_nav: [{ uid: 'nav-a', _content_type_uid: 'main_nav' }] }];

let dir: string;

/** Writes a seed folder: `files` maps a path under it to its JSON (a string is written as is). */
function writeSeed(files: Record<string, unknown>): URL {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'entries'), { recursive: true });
  for (const [path, data] of Object.entries(files)) {
    writeFileSync(join(dir, path), typeof data === 'string' ? data : JSON.stringify(data));
  }
  return pathToFileURL(`${dir}/`);
}

const products: GeneratedEntries = {
  version: 'v1',
  inputFiles: ['product-extras.json'],
  build: async () => ({ product: [{ uid: 'summit', title: 'Summit', url: '/summit' }] }),
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'piste-content-seed-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createContentSeed: reading the files', () => {
  it('accepts a folder with no files at all', () => {
    expect(createContentSeed({ dir: writeSeed({}) }).version).toMatch(/^[0-9a-f]{12}$/);
  });

  it('versions the step by the files and the generated entries', () => {
    const files = { 'content-types.json': contentTypes, 'entries/main_nav.json': mainNav };
    const version = createContentSeed({ dir: writeSeed(files) }).version;
    expect(createContentSeed({ dir: writeSeed(files) }).version).toBe(version);
    expect(createContentSeed({ dir: writeSeed(files), generated: products }).version).not.toBe(version);
    const edited = { ...files, 'entries/main_nav.json': [{ ...mainNav[0], title: 'Boards' }] };
    expect(createContentSeed({ dir: writeSeed(edited) }).version).not.toBe(version);
  });

  it.each([
    ['JSON that does not parse', { 'content-types.json': '[{' }, 'content-types.json: not valid JSON'],
    [
      'an entry without a title',
      { 'entries/main_nav.json': [{ uid: 'nav-a' }] },
      "entries/main_nav.json: 0 ('nav-a') title:",
    ],
    [
      'a bad uid',
      { 'entries/main_nav.json': [{ uid: 'a b', title: 'x' }] },
      "entries/main_nav.json: 0 ('a b') uid: must be",
    ],
    [
      'a system field',
      { 'entries/main_nav.json': [{ uid: 'a', title: 'x', _version: 3 }] },
      "entries/main_nav.json: 0 ('a') _version: is a system field",
    ],
    [
      'an unsupported translation locale',
      { 'entries/main_nav.json': [{ uid: 'a', title: 'x', translations: { 'xx-yy': { title: 'y' } } }] },
      "0 ('a') translations.xx-yy: must be a supported locale",
    ],
    [
      'a translated uid',
      { 'entries/main_nav.json': [{ uid: 'a', title: 'x', translations: { 'de-de': { uid: 'b' } } }] },
      'translations.de-de.uid: cannot be translated',
    ],
    [
      'a file name that is no content type uid',
      { 'entries/main-nav.json': [] },
      'entries/main-nav.json: the file name',
    ],
    [
      'a content type without a schema',
      { 'content-types.json': [{ uid: 'x', title: 'X' }] },
      "content-types.json: 0 ('x') schema:",
    ],
  ])('names the file, the entry and the field for %s', (_, files, message) => {
    const seed = () => createContentSeed({ dir: writeSeed(files) });
    expect(seed).toThrow(ContentSeedError);
    expect(seed).toThrow(message);
  });

  it('skips the generator’s input files', () => {
    const files = { 'entries/product-extras.json': { summit: {} } };
    expect(() => createContentSeed({ dir: writeSeed(files), generated: products })).not.toThrow();
  });
});

describe.each(testDatabaseKinds())('createContentSeed on $name', (kind) => {
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await kind.create();
  });
  afterAll(() => testDatabase.dispose());
  afterEach(() => rmSync(join(dir, 'entries'), { recursive: true, force: true }));

  /** Runs the step itself: the seed runner would load it into this database only once. */
  const load = async (files: Record<string, unknown>, generated?: GeneratedEntries) => {
    const step = createContentSeed({ dir: writeSeed(files), generated });
    await testDatabase.database.db.transaction((tx) => step.run(tx));
  };
  const store = () => createContentStore(testDatabase.database.db, { environment: 'test' });

  it('stores each entry per locale, translations merged over en-us, with the generated entries', async () => {
    await load(
      {
        'content-types.json': contentTypes,
        'entries/main_nav.json': mainNav,
        'entries/header.json': header,
        'assets.json': [
          { uid: 'logo', title: 'Logo', filename: 'logo.svg', content_type: 'image/svg+xml', url: '/logo.svg' },
        ],
        'taxonomies.json': [{ uid: 'activity', name: 'Activity', terms: [{ uid: 'park', name: 'Park' }] }],
      },
      products,
    );
    const content = store();
    const german = await content.findEntries('main_nav', { locale: 'de', fallback: false, limit: 100, skip: 0 });
    expect(german.entries).toEqual([
      expect.objectContaining({ uid: 'nav-a', title: 'Bindungen', regions: ['us'], locale: 'de' }),
    ]);
    expect(german.entries[0]).not.toHaveProperty('translations');
    const [summit] = await content.getEntries('product', ['summit'], { locale: 'en-us', fallback: false });
    expect(summit).toMatchObject({ uid: 'summit', url: '/summit' });
    expect(await content.getAsset('logo')).toMatchObject({ filename: 'logo.svg' });
    expect(await content.listTaxonomies()).toEqual([expect.objectContaining({ uid: 'activity', description: '' })]);
  });

  it.each([
    [
      'a reference to a missing entry',
      { 'entries/header.json': [{ ...header[0], main_nav: [{ uid: 'nav-z', _content_type_uid: 'main_nav' }] }] },
      "entries/header.json: 'header' (en-us) refers to main_nav 'nav-z', which does not exist",
    ],
    [
      'a reference in a translation',
      {
        'entries/header.json': [
          { ...header[0], translations: { 'fr-fr': { main_nav: [{ uid: 'nav-b', _content_type_uid: 'banner' }] } } },
        ],
      },
      "'header' (fr) refers to banner 'nav-b'",
    ],
    [
      'an undeclared content type',
      { 'entries/banner.json': [{ uid: 'a', title: 'A' }] },
      "content type 'banner' is not in content-types.json",
    ],
    [
      'two singleton entries',
      { 'entries/header.json': [header[0], { ...header[0], uid: 'other' }] },
      'is a singleton but has 2 entries',
    ],
    ['a uid twice', { 'entries/main_nav.json': [...mainNav, mainNav[0]] }, "'nav-a' appears more than once"],
    [
      'a missing mandatory field',
      { 'entries/product.json': [{ uid: 'x', title: 'X' }] },
      "entries/product.json and generated product entries: 'x' lacks the mandatory field url",
    ],
  ])('refuses %s, naming the file and the entry', async (_, files, message) => {
    const attempt = load({ 'content-types.json': contentTypes, 'entries/main_nav.json': mainNav, ...files }, products);
    await expect(attempt).rejects.toThrow(ContentSeedError);
    await expect(
      load({ 'content-types.json': contentTypes, 'entries/main_nav.json': mainNav, ...files }, products),
    ).rejects.toThrow(message);
  });

  it('validates the generated entries too', async () => {
    const broken: GeneratedEntries = { ...products, version: 'v2', build: async () => ({ product: [{ uid: 'x' }] }) };
    await expect(load({ 'content-types.json': contentTypes }, broken)).rejects.toThrow(
      "generated product entries: 0 ('x') title:",
    );
  });
});
