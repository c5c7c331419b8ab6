import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The wire habits every BigCommerce endpoint shares, written from BigCommerce's API reference
 * (developer.bigcommerce.com/docs/start/about/status-codes and the OpenAPI files of
 * github.com/bigcommerce/docs, reference/*.yml):
 * - v3 errors are `{ status, title, type, errors }`; v2 errors are `[{ status, message }]`;
 * - v3 lists answer `{ data, meta: { pagination: { total, count, per_page, current_page, total_pages, links } } }`
 *   and take `page` (from 1) and `limit` (default 50, at most 250);
 * - v2 lists take `page` and `limit` and answer a bare array, or `204 No Content` when empty;
 * - list filters such as `id:in` take comma-separated values.
 */

const ERROR_TYPE = 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes';

export function v3Error(reply: FastifyReply, status: number, title: string, errors: Record<string, string> = {}) {
  return reply.status(status).send({ status, title, type: ERROR_TYPE, errors });
}

export function v2Error(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).send([{ status, message }]);
}

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 250;

/** `page` and `limit` of a list call; null (and a 422 sent) when either is not a positive integer. */
export function pageOf(
  request: FastifyRequest,
  reply: FastifyReply,
  version: 'v2' | 'v3',
): { page: number; limit: number } | null {
  const query = request.query as Record<string, string | undefined>;
  const page = query.page === undefined ? 1 : Number(query.page);
  const limit = query.limit === undefined ? DEFAULT_PAGE_LIMIT : Number(query.limit);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1) {
    const message = 'The page and limit parameters must be positive integers.';
    if (version === 'v3') v3Error(reply, 422, message, { page: 'must be a positive integer' });
    else v2Error(reply, 400, message);
    return null;
  }
  return { page, limit: Math.min(limit, MAX_PAGE_LIMIT) };
}

/** One page of a v3 list, with BigCommerce's `meta.pagination` and its `links` (query strings of the same call). */
export function v3Page<T>(
  request: FastifyRequest,
  items: readonly T[],
  { page, limit }: { page: number; limit: number },
) {
  const data = items.slice((page - 1) * limit, page * limit);
  const totalPages = Math.max(1, Math.ceil(items.length / limit));
  const link = (to: number) => {
    const params = new URLSearchParams(request.query as Record<string, string>);
    params.set('page', String(to));
    params.set('limit', String(limit));
    return `?${params.toString()}`;
  };
  return {
    data,
    meta: {
      pagination: {
        total: items.length,
        count: data.length,
        per_page: limit,
        current_page: page,
        total_pages: totalPages,
        links: {
          ...(page > 1 ? { previous: link(page - 1) } : {}),
          current: link(page),
          ...(page < totalPages ? { next: link(page + 1) } : {}),
        },
      },
    },
  };
}

/** One page of a v2 list: the bare array, or `204 No Content` when the page is empty. */
export function v2Page<T>(reply: FastifyReply, items: readonly T[], { page, limit }: { page: number; limit: number }) {
  const data = items.slice((page - 1) * limit, page * limit);
  return data.length === 0 ? reply.status(204).send() : reply.send(data);
}

/** `id:in=1,2,3`: the numbers, or null when absent; undefined (and a 422 sent) when one is not an integer. */
export function idsIn(value: string | undefined): number[] | null | undefined {
  if (value === undefined || value === '') return null;
  const ids = value.split(',').map((part) => Number(part.trim()));
  return ids.every((id) => Number.isInteger(id) && id > 0) ? ids : undefined;
}

/** `include=variants,images`: the sub-resources asked for. */
export function includes(value: string | undefined): Set<string> {
  return new Set(
    (value ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );
}

/** BigCommerce's timestamps: RFC 2822 in v2 (`Tue, 20 Nov 2012 00:00:00 +0000`), ISO 8601 in v3. */
export function v2Date(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}
