import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { ListingPagination } from './listing-pagination';

/**
 * The links as the server writes them, in order: a page's number (`*` when current), `…` for
 * pages left out, `prev:N` and `next:N` for the arrows.
 */
function links(current: number, pageCount: number): string[] {
  const pagination = () => (
    <ListingPagination current={current} pageCount={pageCount} pageHref={(page) => `/c/bindings?page=${page}`} />
  );
  // Under a root route whose data carries the display texts, as the app's root loader does.
  const Stub = createRoutesStub([{ id: 'root', path: '/', Component: pagination, HydrateFallback: () => null }]);
  const html = renderToString(<Stub hydrationData={{ loaderData: { root: {} } }} />);
  return [...html.matchAll(/<a ([^>]*)>(.*?)<\/a>|<span class="[^"]*gap[^"]*"[^>]*>…<\/span>/g)].map(
    ([gap, attributes, label]) => {
      if (attributes === undefined) return gap.includes('…') ? '…' : gap;
      const page = /href="[^"]*page=(\d+)"/.exec(attributes)?.[1];
      const rel = /rel="(\w+)"/.exec(attributes)?.[1];
      const current = attributes.includes('aria-current="page"') ? '*' : '';
      return rel ? `${rel}:${page}` : `${label}${current}`;
    },
  );
}

describe('ListingPagination', () => {
  it('links every page of a short listing, and the pages on either side', () => {
    expect(links(1, 1)).toEqual([]);
    expect(links(2, 4)).toEqual(['prev:1', '1', '2*', '3', '4', 'next:3']);
  });

  it('keeps a large category to a handful of links: the ends and the pages around the current one', () => {
    // 25,016 bindings at 24 a page: 1,043 pages, as many links before.
    expect(links(1, 1_043)).toEqual(['1*', '2', '…', '1043', 'next:2']);
    expect(links(500, 1_043)).toEqual(['prev:499', '1', '…', '499', '500*', '501', '…', '1043', 'next:501']);
    expect(links(1_043, 1_043)).toEqual(['prev:1042', '1', '…', '1042', '1043*']);
  });

  it('marks no page current past the last one, and leads back to the last', () => {
    expect(links(9, 3)).toEqual(['prev:3', '1', '2', '3']);
  });
});
