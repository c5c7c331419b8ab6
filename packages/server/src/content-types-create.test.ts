import { describe, expect, it } from 'vitest';
import type { ContentTypeDefinition } from '@piste/content/server';
import {
  STAND_IN_API_KEY as API_KEY,
  STAND_IN_TOKEN as TOKEN,
  createStackStandIn,
} from '../test/support/contentstack-management-stand-in';
import { readOurContentTypes, runContentTypesCommand } from './content-types-create';

const ENV = {
  CONTENT_API_KEY: API_KEY,
  CONTENT_MANAGEMENT_TOKEN: TOKEN,
  CONTENT_REGION: 'us',
  CONTENT_JSON_EXTENSION_UID: 'json_editor',
};
const ours = readOurContentTypes();

async function run(standIn: ReturnType<typeof createStackStandIn>, argv: string[] = [], env: NodeJS.ProcessEnv = ENV) {
  const lines: string[] = [];
  const code = await runContentTypesCommand({
    argv,
    env,
    print: (line) => lines.push(line),
    fetch: standIn.fetch,
    sleep: async () => {},
  });
  return { code, output: lines.join('\n') };
}

const withoutExtensions = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, field) => (key === 'extension_uid' ? undefined : field)));

describe('npm run content:create-types', () => {
  it('creates every one of our content types in an empty stack, each after what it refers to', async () => {
    const standIn = createStackStandIn();
    const { code, output } = await run(standIn);

    expect(code, output).toBe(0);
    expect([...standIn.contentTypes.keys()].sort()).toEqual(ours.map((type) => type.uid).sort());
    // The stack answers each type as the embedded delivery API does (JSON fields aside, which name the stack's extension).
    for (const type of ours) expect(withoutExtensions(standIn.contentType(type.uid))).toEqual(withoutExtensions(type));
    // What a type refers to is created first: header after its alerts and navigation, products after
    // categories, the landing page modules (a global field: modular blocks cannot sit in a group) after
    // banners and products, and the pages after them.
    const created = standIn
      .writes()
      .filter((request) => request.method === 'POST')
      .map((request) => Object.values(request.body!)[0]!.uid);
    const before = (first: string, then: string) => expect(created.indexOf(first)).toBeLessThan(created.indexOf(then));
    before('top_alert', 'header');
    before('banner', 'main_nav');
    before('product_category', 'product');
    before('product', 'landing_page_modules');
    before('landing_page_modules', 'page');
    expect(standIn.requests.find((request) => request.body?.global_field)?.path).toBe('/v3/global_fields');
    // A product's related products are products: created without that field, then updated with it.
    const productWrites = standIn.writes().filter((request) => request.body?.content_type?.uid === 'product');
    expect(productWrites.map((request) => request.method)).toEqual(['POST', 'PUT']);
    expect(productWrites[0]!.body!.content_type!.schema.map((field) => field.uid)).not.toContain('related_products');
    expect(standIn.contentTypes.get('product')!.schema.map((field) => field.uid)).toContain('related_products');
    // JSON fields name the stack's extension.
    const background = standIn.contentTypes.get('banner')!.schema.find((field) => field.uid === 'background');
    expect(background).toMatchObject({
      schema: expect.arrayContaining([expect.objectContaining({ uid: 'content', extension_uid: 'json_editor' })]),
    });
    expect(output).toContain('content type header: created');
    expect(output).toContain('global field landing_page_modules: created');
    expect(output).toContain(`${ours.length + 1} created, 0 updated, 0 left as they were, 0 failed`);
  });

  it('leaves the types the stack already has as they are, and says so', async () => {
    const standIn = createStackStandIn();
    const theirs: ContentTypeDefinition = {
      uid: 'banner',
      title: 'Their banner',
      description: '',
      options: { is_page: false, singleton: false },
      schema: [],
    };
    standIn.contentTypes.set('banner', theirs);

    const { code, output } = await run(standIn);

    expect(code, output).toBe(0);
    expect(standIn.contentTypes.get('banner')).toBe(theirs);
    expect(
      standIn
        .writes()
        .some((request) => request.path === '/v3/content_types/banner' || request.body?.content_type?.uid === 'banner'),
    ).toBe(false);
    expect(output).toContain('content type banner: kept (already in the stack, left as it is; --update replaces it)');
    expect(output).toContain(`${ours.length} created, 0 updated, 1 left as they were, 0 failed`);
  });

  it('replaces the types the stack already has with --update', async () => {
    const standIn = createStackStandIn();
    standIn.contentTypes.set('banner', {
      uid: 'banner',
      title: 'Their banner',
      description: '',
      options: { is_page: false, singleton: false },
      schema: [],
    });

    const { code, output } = await run(standIn, ['--update']);

    expect(code, output).toBe(0);
    const update = standIn.writes().find((request) => request.path === '/v3/content_types/banner');
    expect(update?.method).toBe('PUT');
    expect(standIn.contentTypes.get('banner')!.title).toBe(ours.find((type) => type.uid === 'banner')!.title);
    expect(output).toContain('content type banner: updated');
  });

  it('reports a type the API refuses with its error, carries on with the others and exits non-zero', async () => {
    const refusal = {
      error_message: 'Content Type creation failed. Please try again.',
      error_code: 115,
      errors: { 'schema.url': ['is not valid.'] },
    };
    const standIn = createStackStandIn({ refuse: { blog: refusal } });

    const { code, output } = await run(standIn);

    expect(code).toBe(1);
    expect(output).toContain(
      'content type blog: failed (422 Content Type creation failed. Please try again. (error_code 115); schema.url: is not valid.)',
    );
    expect(standIn.contentTypes.has('blog')).toBe(false);
    expect(standIn.contentTypes.has('support')).toBe(true);
    expect(output).toContain(`${ours.length} created, 0 updated, 0 left as they were, 1 failed`);
  });

  it('refuses to start without a management token, naming the variable, and sends nothing', async () => {
    const standIn = createStackStandIn();
    const { code, output } = await run(standIn, [], { ...ENV, CONTENT_MANAGEMENT_TOKEN: '' });

    expect(code).toBe(1);
    expect(output).toMatch(/CONTENT_MANAGEMENT_TOKEN: set it to a management token/);
    expect(standIn.requests).toEqual([]);
  });

  it("refuses to start without the stack's key, its region or the JSON field extension, naming each", async () => {
    const standIn = createStackStandIn();
    const { code, output } = await run(standIn, [], { CONTENT_MANAGEMENT_TOKEN: TOKEN, CONTENT_REGION: 'mars' });

    expect(code).toBe(1);
    expect(output).toMatch(/CONTENT_API_KEY: set it to the stack's API key/);
    expect(output).toMatch(/CONTENT_REGION: must be one of us, eu/);
    expect(output).toMatch(
      /CONTENT_JSON_EXTENSION_UID: header, top_alert, main_nav, banner, manage_product_attributes, product_attribute_values hold JSON fields/,
    );
    expect(standIn.requests).toEqual([]);
  });

  it("calls the region's management host and sends the branch header", async () => {
    const standIn = createStackStandIn({ host: 'eu-api.contentstack.com', branch: 'development' });
    const definitions = ours.filter((type) => type.uid === 'regions');

    const lines: string[] = [];
    const code = await runContentTypesCommand({
      argv: [],
      env: { ...ENV, CONTENT_REGION: 'eu', CONTENT_BRANCH: 'development' },
      definitions,
      print: (line) => lines.push(line),
      fetch: standIn.fetch,
      sleep: async () => {},
    });

    expect(code, lines.join('\n')).toBe(0);
    expect(standIn.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v3/content_types/regions',
      'POST /v3/content_types',
    ]);
  });
});
