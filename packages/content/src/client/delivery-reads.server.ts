import type { ContentTypeUid, ContentTypes } from '../entry-types';
import type { ContentEntryReads, EntriesOptions, EntryOptions } from './content-client-contract';
import type { DeliveryTransport } from './delivery-transport';

/** Spec §9: "Content page size 100." */
export const CONTENT_PAGE_SIZE = 100;

/**
 * A 200 answer without the documented field (`entries`, `entry`) is the service answering
 * something unexpected: it rejects, naming the call, and the named queries log it and degrade
 * (spec §8).
 */
function unexpectedShape(path: string, field: string): TypeError {
  return new TypeError(`Content service answered ${path} without ${field}`);
}

function entriesPath(contentType: ContentTypeUid): string {
  return `/content_types/${encodeURIComponent(contentType)}/entries`;
}

/** The raw delivery API reads over a transport; they reject like the transport. */
export function createDeliveryReads(transport: DeliveryTransport, defaultLocale: string): ContentEntryReads {
  function readParams(locale: string, read: EntryOptions): Record<string, unknown> {
    const params: Record<string, unknown> = { locale };
    // Spec §7: "falling back to the default en-us entry when the localised entry is missing (one
    // call only for en-us)": the API answers the fallback in the same call, so every locale
    // costs one call per page and only the master locale goes without the flag.
    if (locale !== defaultLocale) params.include_fallback = true;
    if (read.include?.length) params.include = read.include;
    if (read.only?.length) params.only = { BASE: read.only };
    if (read.except?.length) params.except = { BASE: read.except };
    return params;
  }

  async function entries<K extends ContentTypeUid>(
    contentType: K,
    read: EntriesOptions = {},
  ): Promise<Array<ContentTypes[K]>> {
    const params = readParams(read.locale ?? defaultLocale, read);
    if (read.query !== undefined) params.query = read.query;
    if (read.asc !== undefined) params.asc = read.asc;
    if (read.desc !== undefined) params.desc = read.desc;
    const limit = read.limit ?? Number.POSITIVE_INFINITY;
    const skip = read.skip ?? 0;
    const found: Array<ContentTypes[K]> = [];
    while (found.length < limit) {
      const pageSize = Math.min(CONTENT_PAGE_SIZE, limit - found.length);
      const page = await transport.get<{ entries?: Array<ContentTypes[K]>; count?: number } | null>(
        entriesPath(contentType),
        { ...params, limit: pageSize, skip: skip + found.length, include_count: true },
        { cachePolicy: read.cachePolicy },
      );
      if (!Array.isArray(page?.entries)) throw unexpectedShape(entriesPath(contentType), 'an entries list');
      found.push(...page.entries);
      if (page.entries.length < pageSize || skip + found.length >= (page.count ?? Number.POSITIVE_INFINITY)) break;
    }
    return found;
  }

  async function count(contentType: ContentTypeUid, read: Pick<EntriesOptions, 'locale' | 'query'> = {}) {
    const params = readParams(read.locale ?? defaultLocale, {});
    if (read.query !== undefined) params.query = read.query;
    const page = await transport.get<{ count?: number } | null>(entriesPath(contentType), {
      ...params,
      limit: 1,
      only: { BASE: ['uid'] },
      include_count: true,
    });
    return typeof page?.count === 'number' ? page.count : 0;
  }

  async function entry<K extends ContentTypeUid>(
    contentType: K,
    uid: string,
    read: EntryOptions = {},
  ): Promise<ContentTypes[K]> {
    const path = `${entriesPath(contentType)}/${encodeURIComponent(uid)}`;
    const params = readParams(read.locale ?? defaultLocale, read);
    const answer = await transport.get<{ entry?: ContentTypes[K] | null } | null>(path, params, {
      cachePolicy: read.cachePolicy,
    });
    if (!answer?.entry) throw unexpectedShape(path, 'an entry');
    return answer.entry;
  }

  async function references<K extends ContentTypeUid>(
    contentType: K,
    uids: readonly string[],
    locale: string = defaultLocale,
  ): Promise<Array<ContentTypes[K]>> {
    if (uids.length === 0) return [];
    return entries(contentType, { locale, query: { uid: { $in: uids } } });
  }

  return { entries, entry, count, references };
}
