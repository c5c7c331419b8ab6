import type { DeliveredEntry } from '../delivery/types';
import type { ContentReads, EntryReadOptions } from './content-store-contract';
import {
  compareByField,
  matchesFilter,
  requiredEqualities,
  scalarKey,
  valuesAt,
  type EntryFilter,
} from './entry-query';
import { shapeEntry, MAX_INCLUDED_REFERENCES } from './entry-shape';
import type { EntrySet, StoreSnapshot } from './store-cache.server';

/** `$regex` steps one request may spend (a few hundred milliseconds at most). */
const REGEX_BUDGET = 20_000_000;

/** The entries that can match `filter`: an index lookup when it requires equalities, else all. */
function candidates(set: EntrySet, filter: EntryFilter): DeliveredEntry[] {
  let best: number[] | undefined;
  for (const { path, values } of requiredEqualities(filter)) {
    let index = set.indexes.get(path);
    if (!index) {
      index = new Map();
      const segments = path.split('.');
      set.entries.forEach((entry, position) => {
        for (const value of new Set(valuesAt(entry, segments).values)) {
          const key = scalarKey(value);
          if (key === undefined) continue;
          const positions = index!.get(key);
          if (positions) positions.push(position);
          else index!.set(key, [position]);
        }
      });
      set.indexes.set(path, index);
    }
    const positions = [...new Set(values.flatMap((value) => index.get(scalarKey(value)!) ?? []))];
    if (!best || positions.length < best.length) best = positions;
  }
  if (!best) return set.entries;
  return best.sort((left, right) => left - right).map((position) => set.entries[position]!);
}

async function shapeAll(entries: DeliveredEntry[], options: EntryReadOptions, snapshot: StoreSnapshot) {
  const budget = { remaining: MAX_INCLUDED_REFERENCES };
  const lookup = async (contentTypeUid: string, uid: string) =>
    (await snapshot.entrySet(contentTypeUid, options.locale, true)).byUid.get(uid);
  return Promise.all(
    entries.map(async (entry) => (await shapeEntry(entry, options, lookup, budget)) as DeliveredEntry),
  );
}

/** The store's reads, answered from the current revision's cached documents. */
export function createContentReads(current: () => Promise<StoreSnapshot>): ContentReads {
  async function getEntries(contentTypeUid: string, uids: readonly string[], options: EntryReadOptions) {
    const snapshot = await current();
    const set = await snapshot.entrySet(contentTypeUid, options.locale, options.fallback);
    const found = [...new Set(uids)].flatMap((uid) => set.byUid.get(uid) ?? []);
    return shapeAll(found, options, snapshot);
  }

  return {
    async listContentTypes() {
      return [...(await (await current()).contentTypeMap()).values()];
    },

    async getContentType(uid) {
      return (await (await current()).contentTypeMap()).get(uid);
    },

    async findEntries(contentTypeUid, options) {
      const snapshot = await current();
      const set = await snapshot.entrySet(contentTypeUid, options.locale, options.fallback);
      const { filter, sort } = options;
      const budget = { remaining: REGEX_BUDGET };
      let matches = filter
        ? candidates(set, filter).filter((entry) => matchesFilter(entry, filter, budget))
        : set.entries;
      if (sort) matches = [...matches].sort(compareByField(sort.path.split('.'), sort.direction));
      const page = matches.slice(options.skip, options.skip + options.limit);
      return { entries: await shapeAll(page, options, snapshot), count: matches.length };
    },

    getEntries,

    async getEntry(contentTypeUid, uid, options) {
      const [entry] = await getEntries(contentTypeUid, [uid], options);
      return entry;
    },

    async findAssets(options) {
      const assets = await (await current()).assetList();
      const { filter } = options;
      const budget = { remaining: REGEX_BUDGET };
      const matches = filter ? assets.filter((asset) => matchesFilter(asset, filter, budget)) : assets;
      return { assets: matches.slice(options.skip, options.skip + options.limit), count: matches.length };
    },

    async getAsset(uid) {
      return (await (await current()).assetList()).find((asset) => asset.uid === uid);
    },

    async listTaxonomies() {
      return (await current()).taxonomyList();
    },
  };
}
