/**
 * Request/answer pairs of Contentstack's Content Delivery API, written from its reference: the
 * content client's requests are replayed against them (client/contentstack-cda.test.ts) and
 * the embedded delivery API answers the same requests (delivery/delivery-api.server.test.ts).
 *
 * - Entries, one entry, parameters (`environment`, `locale`, `include_fallback`, `query` as
 *   JSON, `include[]`, `only[BASE][]`, `asc`/`desc`, `limit`, `skip`, `include_count`) and the
 *   `api_key`, `access_token` and `branch` headers:
 *   https://www.contentstack.com/docs/developers/apis/content-delivery-api ('Entries', 'Get all
 *   entries', 'Get a single entry', 'Queries', 'Pagination', 'Include reference', 'Only',
 *   'Include fallback', 'Branches').
 * - Sync: https://www.contentstack.com/docs/developers/apis/content-delivery-api/synchronization
 *   (`GET /v3/stacks/sync` with `init=true`, `pagination_token` or `sync_token`; the answer's
 *   `items` of `{ type, event_at, content_type_uid, data }`, `skip`, `limit`, `total_count` and
 *   one of `pagination_token` / `sync_token`).
 * - Errors: the reference's 'Errors' section (`{ error_message, error_code, errors }`; 141 for
 *   an entry that does not exist).
 *
 * The stack's keys and uids below are made up in the reference's format (`blt` + hex).
 */

export const CDA_KEYS = {
  apiKey: 'blt5d4sample2633b',
  deliveryToken: 'cs0e8bfsample3d5f3c7b5b5b8f2e1a9',
  environment: 'production',
  branch: 'development',
};

export const CDA_BASE_URL = 'https://cdn.contentstack.io/v3';

/** The headers every request carries (the reference's 'Authentication' and 'Branches'). */
export const CDA_HEADERS = {
  api_key: CDA_KEYS.apiKey,
  access_token: CDA_KEYS.deliveryToken,
  branch: CDA_KEYS.branch,
};

export interface CdaExchange {
  request: { method: 'GET'; path: string; query: Array<[string, string]> };
  response: { status: number; statusText: string; body: unknown };
}

const publishDetails = (locale: string) => ({
  environment: 'blt603fe91adbdcff66',
  locale,
  time: '2026-10-02T09:14:21.530Z',
  user: 'blt1a2b3c4d5e6f7a8b',
});

/** An entry as 'Get a single entry' answers it: its fields and the system fields. */
function bannerEntry(uid: string, title: string, locale: string, regions: string[]) {
  return {
    uid,
    locale,
    title,
    content: `<p>${title}</p>`,
    regions,
    tags: [],
    ACL: {},
    _version: 3,
    _in_progress: false,
    created_at: '2026-09-28T12:00:00.000Z',
    created_by: 'blt1a2b3c4d5e6f7a8b',
    updated_at: '2026-10-02T09:14:00.000Z',
    updated_by: 'blt1a2b3c4d5e6f7a8b',
    publish_details: publishDetails(locale),
  };
}

/**
 * 'Get all entries' with a query, a reference to include, a projection, a sort, a locale with
 * fallback, and the page parameters the client always sends.
 */
export const ENTRIES: CdaExchange = {
  request: {
    method: 'GET',
    path: '/content_types/banner/entries',
    query: [
      ['environment', 'production'],
      ['locale', 'de-de'],
      ['include_fallback', 'true'],
      ['include[]', 'cta_button_global'],
      ['only[BASE][]', 'title'],
      ['only[BASE][]', 'content'],
      ['only[BASE][]', 'regions'],
      ['query', '{"regions":{"$in":["us"]}}'],
      ['desc', 'updated_at'],
      ['limit', '100'],
      ['skip', '0'],
      ['include_count', 'true'],
    ],
  },
  response: {
    status: 200,
    statusText: 'OK',
    body: {
      entries: [
        bannerEntry('blt8f5a2e1c0d9b7a61', 'Neuschnee', 'de-de', ['us', 'eu']),
        // include_fallback: an entry not localised in de-de answers in the master locale.
        bannerEntry('blt2c7d9e4f1a3b5c60', 'Sale', 'en-us', ['us']),
      ],
      count: 2,
    },
  },
};

/** 'Get a single entry' in the master locale (no fallback flag). */
export const ENTRY: CdaExchange = {
  request: {
    method: 'GET',
    path: '/content_types/banner/entries/blt8f5a2e1c0d9b7a61',
    query: [
      ['environment', 'production'],
      ['locale', 'en-us'],
    ],
  },
  response: {
    status: 200,
    statusText: 'OK',
    body: { entry: bannerEntry('blt8f5a2e1c0d9b7a61', 'Fresh snow', 'en-us', ['us', 'eu']) },
  },
};

/** 'Get a single entry' for a uid the stack does not have: the reference's error shape, code 141. */
export const ENTRY_NOT_FOUND: CdaExchange = {
  request: {
    method: 'GET',
    path: '/content_types/banner/entries/blt0000000000000000',
    query: [
      ['environment', 'production'],
      ['locale', 'en-us'],
    ],
  },
  response: {
    status: 422,
    statusText: 'Unprocessable Entity',
    body: { error_message: "The requested entry doesn't exist.", error_code: 141, errors: { uid: ['is not valid.'] } },
  },
};

/** Counting: one uid only (`only[BASE][]=uid`), `limit=1` and `include_count=true`. */
export const COUNT: CdaExchange = {
  request: {
    method: 'GET',
    path: '/content_types/banner/entries',
    query: [
      ['environment', 'production'],
      ['locale', 'en-us'],
      ['query', '{"regions":"us"}'],
      ['limit', '1'],
      ['only[BASE][]', 'uid'],
      ['include_count', 'true'],
    ],
  },
  response: { status: 200, statusText: 'OK', body: { entries: [{ uid: 'blt8f5a2e1c0d9b7a61' }], count: 2 } },
};

const syncedEntry = {
  type: 'entry_published',
  event_at: '2026-10-02T09:14:21.530Z',
  content_type_uid: 'banner',
  data: bannerEntry('blt8f5a2e1c0d9b7a61', 'Fresh snow', 'en-us', ['us', 'eu']),
};

/** 'Initial Sync' of one content type: more than a page, so a pagination token. */
export const SYNC_INIT: CdaExchange = {
  request: {
    method: 'GET',
    path: '/stacks/sync',
    query: [
      ['environment', 'production'],
      ['init', 'true'],
      ['content_type_uid', 'banner'],
    ],
  },
  response: {
    status: 200,
    statusText: 'OK',
    body: { items: [syncedEntry], skip: 0, limit: 100, total_count: 2, pagination_token: 'blt7f35951d259ab4d0' },
  },
};

/** 'Sync using pagination token': the last page, so a sync token. */
export const SYNC_PAGE: CdaExchange = {
  request: {
    method: 'GET',
    path: '/stacks/sync',
    query: [
      ['environment', 'production'],
      ['pagination_token', 'blt7f35951d259ab4d0'],
    ],
  },
  response: {
    status: 200,
    statusText: 'OK',
    body: {
      items: [
        {
          type: 'entry_deleted',
          event_at: '2026-10-02T10:01:00.000Z',
          content_type_uid: 'banner',
          data: { uid: 'blt2c7d9e4f1a3b5c60', locale: 'en-us' },
        },
      ],
      skip: 100,
      limit: 100,
      total_count: 2,
      sync_token: 'blt28937206743728463',
    },
  },
};

/** 'Subsequent Sync' from a sync token: nothing changed since. */
export const SYNC_SUBSEQUENT: CdaExchange = {
  request: {
    method: 'GET',
    path: '/stacks/sync',
    query: [
      ['environment', 'production'],
      ['sync_token', 'blt28937206743728463'],
    ],
  },
  response: {
    status: 200,
    statusText: 'OK',
    body: { items: [], skip: 0, limit: 100, total_count: 0, sync_token: 'blt28937206743728463' },
  },
};
