import type {
  DeliveredAsset,
  DeliveredContentType,
  DeliveredEntry,
  DeliveredTaxonomy,
  SyncItem,
} from '../delivery/types';
import type { TaxonomyTerm } from '../schema/index';
import type { EntryFilter } from './entry-query';
import type { EntryShape } from './entry-shape';

/**
 * What the delivery API asks of a content store. The embedded store (content-store.server.ts)
 * implements it on Postgres; another backing (a hosted provider) implements the same contract.
 */

export interface EntryReadOptions extends EntryShape {
  locale: string;
  /** Answer the en-us entry for a uid without an entry in `locale` (spec §7). */
  fallback: boolean;
}

export interface EntryListOptions extends EntryReadOptions {
  filter?: EntryFilter;
  sort?: { path: string; direction: 'asc' | 'desc' };
  limit: number;
  skip: number;
}

export interface AssetListOptions {
  filter?: EntryFilter;
  limit: number;
  skip: number;
}

/**
 * Where a sync stands: items with a publish sequence in (after, upTo] are still to come, and
 * (from, upTo] is the whole sync, for its total. `init` syncs the current state; a later sync
 * also reports deletions.
 */
export interface SyncCursor {
  init: boolean;
  from: number;
  after: number;
  upTo: number;
  contentTypeUid?: string;
  locale?: string;
}

export interface SyncPage {
  items: SyncItem[];
  totalCount: number;
  /** Where the next page starts; absent on the last page. */
  next?: SyncCursor;
}

export interface ContentTypeInput {
  uid: string;
  title: string;
  description: string;
  options: Record<string, unknown>;
  schema: Array<Record<string, unknown>>;
}

/** An entry in one locale; `document` holds every field but the system fields uid and locale. */
export interface EntryInput {
  contentTypeUid: string;
  uid: string;
  locale: string;
  document: Record<string, unknown>;
}

export interface AssetInput {
  uid: string;
  document: Record<string, unknown>;
}

export interface TaxonomyInput {
  uid: string;
  name: string;
  description: string;
  terms: TaxonomyTerm[];
}

/** Everything the store holds. */
export interface ContentSnapshot {
  contentTypes: ContentTypeInput[];
  entries: EntryInput[];
  assets: AssetInput[];
  taxonomies: TaxonomyInput[];
}

/** Reads of content types, entries, assets and taxonomies; answers are shared, so frozen. */
export interface ContentReads {
  listContentTypes(): Promise<DeliveredContentType[]>;
  getContentType(uid: string): Promise<DeliveredContentType | undefined>;
  /** A page of a content type's entries and how many match in all; throws RegexBudgetExceeded or ReferenceLimitExceeded. */
  findEntries(contentTypeUid: string, options: EntryListOptions): Promise<{ entries: DeliveredEntry[]; count: number }>;
  /** Entries by uid in the order asked, each once; uids without an entry are left out. */
  getEntries(contentTypeUid: string, uids: readonly string[], options: EntryReadOptions): Promise<DeliveredEntry[]>;
  getEntry(contentTypeUid: string, uid: string, options: EntryReadOptions): Promise<DeliveredEntry | undefined>;
  findAssets(options: AssetListOptions): Promise<{ assets: DeliveredAsset[]; count: number }>;
  getAsset(uid: string): Promise<DeliveredAsset | undefined>;
  listTaxonomies(): Promise<DeliveredTaxonomy[]>;
}

/** The sync API's reads: publishes and deletions in publish order. */
export interface ContentSyncReads {
  /** The newest publish or delete committed: where a sync started now ends. */
  latestSeq(): Promise<number>;
  /** One page (at most `limit` items) of a sync, in publish order. */
  syncPage(cursor: SyncCursor, limit: number): Promise<SyncPage>;
}

export interface ContentWrites {
  /** Publishes (inserts or updates) the given items; the rest stays. */
  publish(content: Partial<ContentSnapshot>): Promise<void>;
  /** Makes the store hold exactly `snapshot`, recording deletions for sync. */
  replace(snapshot: ContentSnapshot): Promise<void>;
}

export interface ContentStore extends ContentReads, ContentSyncReads, ContentWrites {
  /** The one environment the store serves; publish details name it. */
  readonly environment: string;
  /** The store as it reads with one unpublished draft in place of its entry (a storefront preview). */
  withDraft(draft: EntryInput): ContentStore;
}
