import { expect } from 'vitest';
import type { ContentTypeDefinition, ContentTypeField } from '@piste/content/server';

/**
 * Test support: a stand-in for the content type and global field calls of Contentstack's
 * Content Management API, checking requests as the reference documents them
 * (https://www.contentstack.com/docs/developers/apis/content-management-api#content-types and
 * https://www.contentstack.com/docs/developers/apis/content-management-api/global-fields):
 * the headers `api_key` and `authorization` (a management token) on every call, `branch` when
 * the stack has branches; `GET /v3/{content_types|global_fields}/{uid}`; `POST` to the
 * collection and `PUT` to the uid with the JSON body `{ "content_type": { … } }` or
 * `{ "global_field": { … } }`. Errors are the reference's `{ error_message, error_code, errors }`
 * ('Errors' section): 412/109 for a wrong api_key, 401/105 for a wrong token, 422/118 for a uid
 * the stack does not hold, 422/115 for a schema it refuses.
 */

export const STAND_IN_API_KEY = 'blt0123456789abcdef';
export const STAND_IN_TOKEN = 'cs0123456789abcdef0123456789';

type Kind = 'content_type' | 'global_field';

export interface StandInRequest {
  method: string;
  path: string;
  headers: Headers;
  body?: Record<string, ContentTypeDefinition>;
}

export interface StackStandInOptions {
  host?: string;
  branch?: string;
  /** The error answered (422) to a create or update of these uids. */
  refuse?: Record<string, unknown>;
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const failure = (status: number, error_message: string, error_code: number, errors: Record<string, unknown> = {}) =>
  answer(status, { error_message, error_code, errors });

export function createStackStandIn(options: StackStandInOptions = {}) {
  const host = options.host ?? 'api.contentstack.io';
  const stored: Record<Kind, Map<string, ContentTypeDefinition>> = {
    content_type: new Map(),
    global_field: new Map(),
  };
  const requests: StandInRequest[] = [];

  /** What Contentstack refuses: references to types it lacks, JSON fields without extension, blocks in a group. */
  function schemaProblems(fields: readonly ContentTypeField[], inGroup = false): string[] {
    return fields.flatMap((field) => {
      if (typeof field.uid !== 'string' || typeof field.display_name !== 'string')
        return ['a field lacks a uid or name'];
      switch (field.data_type) {
        case 'reference':
          return field.reference_to
            .filter((target) => !stored.content_type.has(target))
            .map((target) => `${field.uid}: content type '${target}' does not exist`);
        case 'global_field':
          return stored.global_field.has(field.reference_to)
            ? []
            : [`${field.uid}: global field '${field.reference_to}' does not exist`];
        case 'json':
          return field.extension_uid ? [] : [`${field.uid}: a JSON field needs its extension_uid`];
        case 'group':
          return schemaProblems(field.schema, true);
        case 'blocks':
          return [
            ...(inGroup ? [`${field.uid}: modular blocks cannot sit in a group`] : []),
            ...field.blocks.flatMap((block) => schemaProblems(block.schema)),
          ];
        default:
          return [];
      }
    });
  }

  /** A content type as the API answers it: global fields written out with their fields. */
  function answered(definition: ContentTypeDefinition): ContentTypeDefinition {
    const expand = (fields: readonly ContentTypeField[]): ContentTypeField[] =>
      fields.map((field) =>
        field.data_type === 'global_field'
          ? { ...field, schema: stored.global_field.get(field.reference_to)?.schema ?? [] }
          : field,
      );
    return { ...definition, schema: expand(definition.schema) };
  }

  async function fetch(input: string, init: RequestInit): Promise<Response> {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as StandInRequest['body']) : undefined;
    requests.push({ method, path: url.pathname, headers, body });

    expect(url.host).toBe(host);
    expect(url.search).toBe('');
    if (headers.get('api_key') !== STAND_IN_API_KEY) return failure(412, 'Api_key is not valid.', 109);
    if (headers.get('authorization') !== STAND_IN_TOKEN) {
      return failure(401, "You're not allowed in here unless you're logged in.", 105);
    }
    expect(headers.get('branch') ?? undefined).toBe(options.branch);

    const [, version, collection, uid, extra] = url.pathname.split('/');
    const kind =
      collection === 'content_types' ? 'content_type' : collection === 'global_fields' ? 'global_field' : undefined;
    if (version !== 'v3' || kind === undefined || extra !== undefined) return failure(404, 'Not found', 404);
    const things = stored[kind];
    const name = kind === 'content_type' ? 'Content Type' : 'Global Field';
    const notFound = (missing: string) =>
      failure(422, `The ${name} '${missing}' was not found. Please try again.`, 118, { uid: ['is not valid.'] });

    if (method === 'GET' && uid) {
      const found = things.get(uid);
      if (!found) return notFound(uid);
      return answer(200, { [kind]: kind === 'content_type' ? answered(found) : found });
    }
    if ((method === 'POST' && !uid) || (method === 'PUT' && uid)) {
      expect(headers.get('content-type')).toBe('application/json');
      expect(Object.keys(body ?? {})).toEqual([kind]);
      const sent = body![kind]!;
      if (method === 'PUT' && !things.has(uid!)) return notFound(uid!);
      if (method === 'PUT') expect(sent.uid).toBe(uid);
      if (method === 'POST' && things.has(sent.uid)) {
        return failure(422, `${name} creation failed. Please try again.`, 115, { uid: ['is not unique.'] });
      }
      const refused = options.refuse?.[sent.uid];
      if (refused) return answer(422, refused);
      const problems = schemaProblems(sent.schema);
      if (problems.length > 0)
        return failure(422, `${name} creation failed. Please try again.`, 115, { schema: problems });
      things.set(sent.uid, sent);
      const notice = `${name} ${method === 'POST' ? 'created' : 'updated'} successfully.`;
      return answer(method === 'POST' ? 201 : 200, { notice, [kind]: sent });
    }
    return failure(405, 'Method not allowed', 405);
  }

  return {
    fetch,
    requests,
    contentTypes: stored.content_type,
    globalFields: stored.global_field,
    /** A content type as a GET answers it. */
    contentType: (uid: string) => {
      const found = stored.content_type.get(uid);
      return found && answered(found);
    },
    writes: () => requests.filter((request) => request.method !== 'GET'),
  };
}
