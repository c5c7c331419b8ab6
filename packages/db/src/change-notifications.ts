import { sql } from 'drizzle-orm';
import type { Db } from './client';
import type { SeedTx } from './seed/run-seeds';

/**
 * The Postgres channel on which the database announces every committed catalogue and content
 * write (triggers of migration 0011_change_notifications, whoever wrote: the shop, a seed, an
 * operator's SQL). Every instance's search index and caches listen on it (docs/operations.md
 * 'Caches and changes'); the name dates from when only the search listened.
 */
export const SEARCH_CHANGES_CHANNEL = 'piste_search';

/**
 * What a write changed: commerce products whose stock, price, options or visibility changed;
 * content; or anything (`rebuild`, for bulk loads whose ids would be too many to list, and for
 * tables every product reads, such as categories and regions).
 */
export interface SearchChange {
  products?: number[];
  content?: boolean;
  rebuild?: boolean;
}

/**
 * Postgres refuses payloads of 8000 bytes or more; 500 ids of up to 11 characters stay well below.
 * The triggers announce a statement of more products than this as a rebuild.
 */
const PRODUCT_IDS_PER_NOTIFICATION = 500;

/** The NOTIFY payloads announcing a change: one JSON object each, product ids split across several. */
export function searchChangePayloads(change: SearchChange): string[] {
  const payloads: string[] = [];
  if (change.rebuild) payloads.push(JSON.stringify({ rebuild: true }));
  if (change.content) payloads.push(JSON.stringify({ content: true }));
  const ids = [...new Set(change.products ?? [])];
  for (let start = 0; start < ids.length; start += PRODUCT_IDS_PER_NOTIFICATION) {
    payloads.push(JSON.stringify({ products: ids.slice(start, start + PRODUCT_IDS_PER_NOTIFICATION) }));
  }
  return payloads;
}

/**
 * Announces a change, for writers whose change the triggers do not see in full (a bulk load
 * announcing a rebuild). Called inside the writer's transaction: Postgres delivers the
 * notification when it commits, and never when it rolls back.
 */
export async function notifySearchChange(tx: Db | SeedTx, change: SearchChange): Promise<void> {
  for (const payload of searchChangePayloads(change)) {
    await tx.execute(sql`select pg_notify(${SEARCH_CHANGES_CHANNEL}, ${payload})`);
  }
}

/** A payload read back; anything that is not a change this module wrote → null. */
export function parseSearchChange(payload: string): SearchChange | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { products, content, rebuild } = value as Record<string, unknown>;
  const change: SearchChange = {};
  if (rebuild === true) change.rebuild = true;
  if (content === true) change.content = true;
  if (Array.isArray(products) && products.every((id) => Number.isSafeInteger(id))) {
    change.products = products as number[];
  }
  return Object.keys(change).length > 0 ? change : null;
}
