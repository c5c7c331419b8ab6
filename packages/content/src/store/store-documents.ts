import { DEFAULT_LOCALE } from '@piste/core';
import type { DeliveredAsset, DeliveredEntry } from '../delivery/types';

/** An entry row as the store reads it. */
export interface EntryRow {
  uid: string;
  locale: string;
  document: Record<string, unknown>;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface AssetRow {
  uid: string;
  document: Record<string, unknown>;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Cached answers are shared between requests and callers, so nobody may change them. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Newest first (updated_at), then by uid: Contentstack's default order, made stable. */
export function byDefaultOrder(left: { updated_at: string; uid: string }, right: { updated_at: string; uid: string }) {
  if (left.updated_at !== right.updated_at) return left.updated_at < right.updated_at ? 1 : -1;
  return left.uid < right.uid ? -1 : left.uid > right.uid ? 1 : 0;
}

function publishDetails(environment: string, locale: string, time: string) {
  return { environment, locale, time };
}

export function toEntry(row: EntryRow, requestedLocale: string, environment: string): DeliveredEntry {
  const updatedAt = row.updatedAt.toISOString();
  return {
    tags: [],
    ...row.document,
    uid: row.uid,
    locale: row.locale,
    title: typeof row.document.title === 'string' ? row.document.title : '',
    created_at: row.createdAt.toISOString(),
    updated_at: updatedAt,
    _version: row.version,
    publish_details: publishDetails(environment, requestedLocale, updatedAt),
  };
}

export function toAsset(row: AssetRow, environment: string): DeliveredAsset {
  const updatedAt = row.updatedAt.toISOString();
  return {
    tags: [],
    ...(row.document as Pick<DeliveredAsset, 'title' | 'filename' | 'content_type' | 'url'>),
    uid: row.uid,
    created_at: row.createdAt.toISOString(),
    updated_at: updatedAt,
    _version: row.version,
    publish_details: publishDetails(environment, DEFAULT_LOCALE, updatedAt),
  };
}
