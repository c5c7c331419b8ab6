import type { ProductFactsReader } from '@piste/commerce';
import type { ContentClient } from '@piste/content/server';
import { CONTENT_LOCALES } from '@piste/core';
import {
  SEARCH_CHANGES_CHANNEL,
  listenToChannel,
  parseSearchChange,
  type ChannelListener,
  type Database,
  type SearchChange,
} from '@piste/db';
import type { SearchEngine } from '../engine/search-engine';
import type { SearchDocument } from '../search-document';
import type { DocumentSource } from './document-fields';
import { buildSearchDocuments } from './all-documents.server';
import {
  buildProductDocuments,
  commerceIdsOf,
  productDocumentIds,
  productUidsNaming,
  type ContentProducts,
} from './product-documents.server';

export interface SearchSyncLogger {
  info(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
  error(message: string, details?: unknown): void;
}

export interface SearchIndexSyncOptions {
  /** The database handle itself, not only its Drizzle `db`: listening needs the driver. */
  database: Database;
  engine: SearchEngine;
  /** The commerce half of product documents, from whichever provider keeps commerce. */
  productFacts: ProductFactsReader;
  content: { client: ContentClient; keys: { apiKey: string; environment: string } };
  logger: SearchSyncLogger;
  /** Content locales to index; every one (CONTENT_LOCALES) by default. */
  locales?: readonly string[];
  /** How long notifications are gathered before the index acts on them. */
  debounceMs?: number;
}

export interface SearchIndexSync {
  /** Listens for changes, then builds the whole index; a failed build is logged and retried, never thrown. */
  start(): Promise<void>;
  /** Stops listening and waits for an update under way. */
  stop(): Promise<void>;
  /** True once the index has been built. */
  ready(): boolean;
  /** Settles when the index has first been built (start() need not be awaited for it). */
  built(): Promise<void>;
  /** Builds the whole index again now; rejects when that fails. */
  rebuild(): Promise<void>;
}

const DEFAULT_DEBOUNCE_MS = 200;
/** Retry delays after a failed update: doubling from a second up to a minute. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

/** What is still to do: everything, or the documents of some commerce products. */
interface PendingWork {
  everything: boolean;
  products: Set<number>;
}

/**
 * Keeps the engine in step with the catalogue and content (docs/search.md 'Sync'): built whole at
 * start, then updated on the change notifications writers send through Postgres (LISTEN/NOTIFY on
 * SEARCH_CHANGES_CHANNEL), so every instance of the shop hears every change. A stock or price
 * change rebuilds only its products' documents; published content, a bulk load or a lost connection
 * rebuilds everything. See docs/search.md 'Index and sync'.
 */
export function createSearchIndexSync(options: SearchIndexSyncOptions): SearchIndexSync {
  const { database, engine, productFacts, logger } = options;
  const { client } = options.content;
  const locales = options.locales ?? CONTENT_LOCALES;
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const source: DocumentSource = { stack: options.content.keys.apiKey, environment: options.content.keys.environment };

  /** The content half of the last full build, so product updates need no content read. */
  let contentProducts: ContentProducts | null = null;
  let pending: PendingWork = { everything: false, products: new Set() };
  let lastFailure: unknown = null;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;
  let timerDueAt = 0;
  let running: Promise<void> | null = null;
  let listener: ChannelListener | null = null;
  let stopped = false;
  let markBuilt: () => void = () => {};
  const firstBuild = new Promise<void>((resolve) => (markBuilt = resolve));

  async function buildEverything(): Promise<void> {
    const started = performance.now();
    const { documents, content } = await buildSearchDocuments(productFacts, client, source, locales);
    engine.replaceAll(documents);
    contentProducts = content;
    markBuilt();
    logger.info('[search] Index built', {
      documents: documents.length,
      byType: countByType(documents),
      ms: Math.round(performance.now() - started),
    });
  }

  async function updateProducts(commerceIds: ReadonlySet<number>, content: ContentProducts): Promise<void> {
    const uids = productUidsNaming(content, commerceIds);
    if (uids.size === 0) return;
    const facts = await productFacts(commerceIdsOf(content, uids));
    const documents = buildProductDocuments(content, facts, source, uids);
    const kept = new Set(documents.map((document) => document.id));
    engine.upsert(documents);
    // A product hidden, or no longer sold anywhere, leaves the index.
    engine.remove(productDocumentIds(content, uids).filter((id) => !kept.has(id)));
    logger.info('[search] Products updated', { products: uids.size, documents: documents.length });
  }

  /** Does what is pending; on failure puts it back and tries again later (or on the next change). */
  async function runPending(): Promise<boolean> {
    const work = pending;
    pending = { everything: false, products: new Set() };
    try {
      if (work.everything || contentProducts === null) await buildEverything();
      else if (work.products.size > 0) await updateProducts(work.products, contentProducts);
      lastFailure = null;
      retryMs = FIRST_RETRY_MS;
      return true;
    } catch (error) {
      pending.everything ||= work.everything;
      for (const id of work.products) pending.products.add(id);
      lastFailure = error;
      logger.error(`[search] Index update failed; retrying in ${retryMs / 1000} s or on the next change`, error);
      schedule(retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      return false;
    }
  }

  const hasPending = () => pending.everything || pending.products.size > 0;

  /** One runner at a time: work arriving meanwhile is done by the same loop. */
  function drain(): Promise<void> {
    running ??= (async () => {
      try {
        while (hasPending() && !stopped && (await runPending()));
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /** Runs the pending work after `delayMs`, or sooner if already due: a change cuts a long retry wait short. */
  function schedule(delayMs: number): void {
    const dueAt = Date.now() + delayMs;
    if (stopped || (timer && timerDueAt <= dueAt)) return;
    clearTimeout(timer);
    timerDueAt = dueAt;
    timer = setTimeout(() => {
      timer = undefined;
      void drain();
    }, delayMs);
  }

  function enqueue(change: SearchChange): void {
    if (change.rebuild || change.content) pending.everything = true;
    for (const id of change.products ?? []) pending.products.add(id);
    schedule(debounceMs);
  }

  return {
    async start() {
      stopped = false;
      listener = await listenToChannel(database, SEARCH_CHANGES_CHANNEL, {
        onPayload(payload) {
          const change = parseSearchChange(payload);
          if (change) enqueue(change);
          else logger.warn('[search] Ignored a change notification it cannot read', { payload });
        },
        // Changes sent while the connection was down were missed.
        onResumed: () => enqueue({ rebuild: true }),
        onConnectionError: (error) => logger.warn('[search] Change notifications interrupted; reconnecting', error),
      });
      pending.everything = true;
      await drain();
    },

    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await listener?.close();
      listener = null;
      await running;
    },

    ready: () => contentProducts !== null,

    built: () => firstBuild,

    async rebuild() {
      // After the update under way, so the failure reported below can only be this rebuild's.
      await running;
      pending.everything = true;
      await drain();
      if (pending.everything) throw lastFailure ?? new Error('The search index sync is stopped.');
    },
  };
}

function countByType(documents: readonly SearchDocument[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const document of documents) counts[document.type] = (counts[document.type] ?? 0) + 1;
  return counts;
}
