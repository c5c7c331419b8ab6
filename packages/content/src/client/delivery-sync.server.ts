import type { SyncItem, SyncResponse } from '../delivery/types';
import type { DeliveryTransport } from './delivery-transport';
import { CachePolicy } from './response-cache';

/** Where a sync starts: everything published (optionally one type or locale), or the changes since a token. */
export type SyncStart = { init: true; contentTypeUid?: string; locale?: string } | { syncToken: string };

export interface SyncResult {
  items: SyncItem[];
  /** Keep it: the next sync from it reports what changed since. */
  syncToken: string;
}

/** More pages than a stack of a million items needs (100 items a page): a guard against a token loop. */
const MAX_SYNC_PAGES = 10_000;

/**
 * Contentstack's Sync API (`GET /v3/stacks/sync`, spec §7 'sync';
 * https://www.contentstack.com/docs/developers/apis/content-delivery-api/synchronization): an
 * initial sync (`init=true`, with `content_type_uid` and `locale` if given) or a subsequent
 * one (`sync_token`), then each `pagination_token` in turn until the answer carries a
 * `sync_token`. Rejects like the transport, and with a TypeError when an answer is not the
 * documented shape (spec §8: the caller logs it and degrades).
 */
export async function syncStack(transport: DeliveryTransport, start: SyncStart): Promise<SyncResult> {
  const items: SyncItem[] = [];
  let params: Record<string, unknown> =
    'syncToken' in start
      ? { sync_token: start.syncToken }
      : { init: true, content_type_uid: start.contentTypeUid, locale: start.locale };
  for (let page = 0; page < MAX_SYNC_PAGES; page += 1) {
    const answer = await transport.get<Partial<SyncResponse>>('/stacks/sync', params, {
      // A sync reports changes: a kept answer would hide them.
      cachePolicy: CachePolicy.IGNORE_CACHE,
    });
    if (!Array.isArray(answer.items)) throw new TypeError('Content sync answered without an items list');
    items.push(...answer.items);
    if (typeof answer.sync_token === 'string') return { items, syncToken: answer.sync_token };
    if (typeof answer.pagination_token !== 'string') {
      throw new TypeError('Content sync answered neither a sync_token nor a pagination_token');
    }
    params = { pagination_token: answer.pagination_token };
  }
  throw new TypeError(`Content sync did not end within ${MAX_SYNC_PAGES} pages`);
}
