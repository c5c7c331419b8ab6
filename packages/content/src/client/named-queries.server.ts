import type { Region } from '@piste/core';
import type { ContentTypeUid, ContentTypes } from '../entry-types';
import type { ContentEntryReads } from './content-client-contract';
import type { ContentLogger } from './delivery-transport';

/**
 * What every named query is built from: the raw reads and the spec §8 degradation (a failure
 * is logged with the query's label and answered with the empty result).
 */
export interface NamedQueryKit {
  entries: ContentEntryReads['entries'];
  logger: ContentLogger;
  defaultLocale: string;
  degrade<T>(label: string, fallback: T, load: () => Promise<T>): Promise<T>;
  /** The first entry of a per-region settings type for the region, or null. */
  settingsForRegion<K extends ContentTypeUid>(
    contentType: K,
    locale: string,
    ctsRegion: Region,
    include?: readonly string[],
  ): Promise<ContentTypes[K] | null>;
  byUrl<K extends ContentTypeUid>(
    contentType: K,
    locale: string,
    url: string,
    include?: readonly string[],
  ): Promise<ContentTypes[K] | null>;
}

export function first<T>(entries: readonly T[]): T | null {
  return entries[0] ?? null;
}

export function createNamedQueryKit(
  entries: ContentEntryReads['entries'],
  logger: ContentLogger,
  defaultLocale: string,
): NamedQueryKit {
  async function degrade<T>(label: string, fallback: T, load: () => Promise<T>): Promise<T> {
    try {
      return await load();
    } catch (error) {
      logger.error(`[content:${label}] Content request failed`, error);
      return fallback;
    }
  }

  return {
    entries,
    logger,
    defaultLocale,
    degrade,
    settingsForRegion(contentType, locale, ctsRegion, include) {
      return degrade(contentType, null, async () =>
        first(await entries(contentType, { locale, query: { regions: ctsRegion }, include, limit: 1 })),
      );
    },
    byUrl(contentType, locale, url, include) {
      return degrade(contentType, null, async () =>
        first(await entries(contentType, { locale, query: { url }, include, limit: 1 })),
      );
    },
  };
}
