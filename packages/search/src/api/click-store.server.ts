import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@piste/db';
import { searchClicks } from '../schema/index';

/** A click on a search result or suggestion (App Search `click.json`, spec §7). */
export interface SearchClick {
  engine: string;
  query: string;
  documentId: string;
  requestId?: string;
  tags: string[];
}

/** How far back the search page's popular queries look. */
const POPULAR_WINDOW = '30 days';
const MAX_POPULAR_QUERIES = 50;

/** Clicks in the `search_clicks` table, and what the search page learns from them. */
export function createClickStore(db: Db) {
  return {
    async record(click: SearchClick): Promise<void> {
      await db.insert(searchClicks).values({
        engine: click.engine,
        query: click.query,
        documentId: click.documentId,
        requestId: click.requestId ?? null,
        tags: click.tags,
      });
    },

    /**
     * The most clicked queries of the last 30 days, lowercased and trimmed, most clicked first
     * (ties alphabetically): the search page's suggestions when a query finds nothing. `tag`
     * keeps the clicks carrying it, e.g. the locale the storefront tags its clicks with.
     */
    async popularQueries(engine: string, limit: number, options: { tag?: string } = {}): Promise<string[]> {
      const normalised = sql`lower(trim(${searchClicks.query}))`;
      const rows = await queryRows<{ query: string }>(
        db,
        sql`select ${normalised} as query from ${searchClicks}
          where ${searchClicks.engine} = ${engine}
            and ${searchClicks.createdAt} > now() - ${POPULAR_WINDOW}::interval
            and ${normalised} <> ''
            ${options.tag === undefined ? sql`` : sql`and ${options.tag} = any(${searchClicks.tags})`}
          group by 1
          order by count(*) desc, 1
          limit ${Math.max(0, Math.min(Math.trunc(limit) || 0, MAX_POPULAR_QUERIES))}`,
      );
      return rows.map((row) => row.query);
    },
  };
}

export type ClickStore = ReturnType<typeof createClickStore>;
