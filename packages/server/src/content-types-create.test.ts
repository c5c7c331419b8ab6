import { describe, expect, it } from 'vitest';
import type { ContentTypeDefinition } from '@piste/content/server';
import { readOurContentTypes, runContentTypesCommand } from './content-types-create';

/**
 * A stand-in for the content type calls of Contentstack's Content Management API, checking
 * requests as the reference documents them
 * (https://www.contentstack.com/docs/developers/apis/content-management-api#content-types):
 * the headers `api_key` and `authorization` (a management token) on every call, `branch` when
 * the stack has branches; `GET /v3/content_types/{uid}`; `POST /v3/content_types` and
 * `PUT /v3/content_types/{uid}` with the JSON body `{ "content_type": { … } }`. Errors are the
 * reference's `{ error_message, error_code, errors }` ('Errors' section of the same page).
 */
interface StandInRequest {
  method: string;
  path: string;
  headers: Headers;
  body?: { content_type: ContentTypeDefinition };
}

const API_KEY = 'blt0123456789abcdef';
const TOKEN = 'cs0123456789abcdef0123456789';

function createStackStandIn(options: { host?: string; branch?: string; refuse?: Record<string, unknown> } = {}) {
  const host = options.host ?? 'api.contentstack.io';
  const stack = new Map<string, ContentTypeDefinition>();
  const requests: StandInRequest[] = [];
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const notFound = (uid: string) =>
    answer(422, {
      error_message: `The Content Type '${uid}' was not found. Please try again.`,
      error_code: 118,
      errors: { uid: ['is not valid.'] },
    });

  /** Contentstack refuses a reference to a content type the stack does not hold, or a JSON field without its extension. */
  function schemaProblems(fields: ContentTypeDefinition['schema']): string[] {
    return fields.flatMap((field) => {
      if (typeof field.uid !== 'string' || typeof field.display_name !== 'string')
        return ['a field lacks uid or display_name'];
      if (field.data_type === 'reference') {
        return field.reference_to
          .filter((target) => !stack.has(target))
          .map((target) => `${field.uid}: '${target}' does not exist`);
      }
      if (field.data_type === 'json' && !field.extension_uid) return [`${field.uid}: needs extension_uid`];
      if (field.data_type === 'group') return schemaProblems(field.schema);
      if (field.data_type === 'blocks') return field.blocks.flatMap((block) => schemaProblems(block.schema));
      return [];
    });
  }

  async function fetch(input: string, init: RequestInit): Promise<Response> {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as StandInRequest['body']) : undefined;
    requests.push({ method, path: url.pathname, headers, body });

    expect(url.host).toBe(host);
    expect(url.search).toBe('');
    if (headers.get('api_key') !== API_KEY) {
      return answer(412, { error_message: 'Api_key is not valid.', error_code: 109, errors: {} });
    }
    if (headers.get('authorization') !== TOKEN) {
      return answer(401, {
        error_message: "You're not allowed in here unless you're logged in.",
        error_code: 105,
        errors: {},
      });
    }
    expect(headers.get('branch') ?? undefined).toBe(options.branch);

    const [, version, resource, uid, extra] = url.pathname.split('/');
    expect([version, resource, extra]).toEqual(['v3', 'content_types', undefined]);
    if (method === 'GET' && uid) {
      const type = stack.get(uid);
      return type ? answer(200, { content_type: type }) : notFound(uid);
    }
    if ((method === 'POST' && !uid) || (method === 'PUT' && uid)) {
      expect(headers.get('content-type')).toBe('application/json');
      expect(Object.keys(body ?? {})).toEqual(['content_type']);
      const type = body!.content_type;
      if (method === 'PUT' && !stack.has(uid!)) return notFound(uid!);
      if (method === 'PUT') expect(type.uid).toBe(uid);
      if (method === 'POST' && stack.has(type.uid)) {
        return answer(422, {
          error_message: 'Content Type creation failed. Please try again.',
          error_code: 115,
          errors: { uid: ['is not unique.'] },
        });
      }
      const refused = options.refuse?.[type.uid];
      if (refused) return answer(422, refused);
      const problems = schemaProblems(type.schema);
      if (problems.length > 0) {
        return answer(422, {
          error_message: 'Content Type creation failed. Please try again.',
          error_code: 115,
          errors: { schema: problems },
        });
      }
      stack.set(type.uid, type);
      const notice = method === 'POST' ? 'Content Type created successfully.' : 'Content Type updated successfully.';
      return answer(method === 'POST' ? 201 : 200, { notice, content_type: type });
    }
    return answer(404, { error_message: 'Not found', error_code: 404, errors: {} });
  }

  return { fetch, stack, requests, writes: () => requests.filter((request) => request.method !== 'GET') };
}

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
  it('creates every one of our content types in an empty stack, each after the types it refers to', async () => {
    const standIn = createStackStandIn();
    const { code, output } = await run(standIn);

    expect(code, output).toBe(0);
    expect([...standIn.stack.keys()].sort()).toEqual(ours.map((type) => type.uid).sort());
    for (const type of ours) {
      expect(withoutExtensions(standIn.stack.get(type.uid))).toEqual(withoutExtensions(type));
    }
    // Referenced types are created first: header after its alerts and navigation, products after categories.
    const created = standIn
      .writes()
      .filter((request) => request.method === 'POST')
      .map((request) => request.body!.content_type.uid);
    expect(created.indexOf('top_alert')).toBeLessThan(created.indexOf('header'));
    expect(created.indexOf('banner')).toBeLessThan(created.indexOf('main_nav'));
    expect(created.indexOf('product_category')).toBeLessThan(created.indexOf('product'));
    // A product's related products are products: created without that field, then updated with it.
    const productWrites = standIn.writes().filter((request) => request.body?.content_type.uid === 'product');
    expect(productWrites.map((request) => request.method)).toEqual(['POST', 'PUT']);
    expect(productWrites[0]!.body!.content_type.schema.map((field) => field.uid)).not.toContain('related_products');
    expect(standIn.stack.get('product')!.schema.map((field) => field.uid)).toContain('related_products');
    // JSON fields name the stack's extension.
    const background = standIn.stack.get('banner')!.schema.find((field) => field.uid === 'background');
    expect(background).toMatchObject({
      schema: expect.arrayContaining([expect.objectContaining({ uid: 'content', extension_uid: 'json_editor' })]),
    });
    expect(output).toContain('header: created');
    expect(output).toContain(`${ours.length} created, 0 updated, 0 left as they were, 0 failed`);
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
    standIn.stack.set('banner', theirs);

    const { code, output } = await run(standIn);

    expect(code, output).toBe(0);
    expect(standIn.stack.get('banner')).toBe(theirs);
    expect(
      standIn
        .writes()
        .some((request) => request.path === '/v3/content_types/banner' || request.body?.content_type.uid === 'banner'),
    ).toBe(false);
    expect(output).toContain('banner: kept (already in the stack, left as it is; --update replaces it)');
    expect(output).toContain(`${ours.length - 1} created, 0 updated, 1 left as they were, 0 failed`);
  });

  it('replaces the types the stack already has with --update', async () => {
    const standIn = createStackStandIn();
    standIn.stack.set('banner', {
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
    expect(standIn.stack.get('banner')!.title).toBe(ours.find((type) => type.uid === 'banner')!.title);
    expect(output).toContain('banner: updated');
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
      'blog: failed (422 Content Type creation failed. Please try again. (error_code 115); schema.url: is not valid.)',
    );
    expect(standIn.stack.has('blog')).toBe(false);
    expect(standIn.stack.has('support')).toBe(true);
    expect(output).toContain(`${ours.length - 1} created, 0 updated, 0 left as they were, 1 failed`);
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
