/** The page sizes a list offers; the first is the default. */
export const PAGE_SIZES = [25, 50, 100] as const;

/** A list's paging and sorting, as kept in the page's URL (`?page=2&pageSize=50&sort=-total`). */
export interface TableParams {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** The sorted column's id (the API's sort key), or null for the list's own order. */
  sort: string | null;
  order: 'asc' | 'desc';
}

function positiveInteger(text: string | null, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * Reads `page`, `pageSize` and `sort` (`-total` for descending) from a URL or its search
 * params; a value that makes no sense falls back to the default rather than failing the page.
 */
export function readTableParams(
  from: string | URL | URLSearchParams,
  defaults: { sort?: string | null; order?: 'asc' | 'desc'; pageSize?: number } = {},
): TableParams {
  const search = from instanceof URLSearchParams ? from : new URL(from).searchParams;
  const size = positiveInteger(search.get('pageSize'), defaults.pageSize ?? PAGE_SIZES[0]);
  const sortText = search.get('sort');
  const descending = sortText?.startsWith('-') ?? false;
  return {
    page: positiveInteger(search.get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : (defaults.pageSize ?? PAGE_SIZES[0]),
    sort: sortText ? sortText.replace(/^-/, '') : (defaults.sort ?? null),
    order: sortText ? (descending ? 'desc' : 'asc') : (defaults.order ?? 'asc'),
  };
}

/**
 * What a `clientLoader` sends the list API: paging, sorting (`sort` and `order`) and the named
 * filters copied from the page's URL. Pass it to `queryString`.
 */
export function listQuery(
  url: string,
  filterNames: readonly string[] = [],
  defaults?: Parameters<typeof readTableParams>[1],
): Record<string, string | number | string[] | undefined> {
  const search = new URL(url).searchParams;
  const { page, pageSize, sort, order } = readTableParams(search, defaults);
  const query: Record<string, string | number | string[] | undefined> = {
    page,
    pageSize,
    ...(sort && { sort, order }),
  };
  for (const name of filterNames) {
    const values = search.getAll(name).filter((value) => value !== '');
    if (values.length > 0) query[name] = values.length === 1 ? values[0] : values;
  }
  return query;
}

/** The search params with `changes` applied (null removes); changing anything but the page goes back to page 1. */
export function withParams(search: URLSearchParams, changes: Record<string, string | number | null>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}
