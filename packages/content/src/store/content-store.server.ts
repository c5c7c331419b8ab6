import type { Db } from '@piste/db';
import type { ContentStore } from './content-store-contract';
import { publishContent, replaceContent } from './content-writes.server';
import { overlayDraft } from './draft-overlay.server';
import { createContentReads } from './entry-reads.server';
import { createStoreCache } from './store-cache.server';
import { createSyncReads } from './sync-reads.server';

/**
 * The embedded content service's store (the ContentStore contract on Postgres). Documents live
 * as JSONB rows; reads go through a revision-checked in-memory cache (store-cache.server.ts),
 * sync reads and writes go to the tables. See docs/decisions/007-content-store.md.
 */
export function createContentStore(db: Db, options: { environment: string }): ContentStore {
  const { environment } = options;
  const cache = createStoreCache(db, environment);
  const store: ContentStore = {
    environment,
    ...createContentReads(cache.current),
    ...createSyncReads(db, environment),
    publish: (content) => db.transaction((tx) => publishContent(tx, content)),
    replace: (snapshot) => db.transaction((tx) => replaceContent(tx, snapshot)),
    withDraft: (draft) => ({
      ...store,
      ...createContentReads(async () => overlayDraft(await cache.current(), draft, environment)),
    }),
  };
  return store;
}
