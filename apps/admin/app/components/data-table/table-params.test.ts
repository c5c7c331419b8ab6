import { describe, expect, it } from 'vitest';
import { listQuery, readTableParams, withParams } from './table-params';

describe('a list kept in the URL', () => {
  it('reads page, page size and a descending sort', () => {
    expect(readTableParams('https://shop.test/admin/orders?page=3&pageSize=50&sort=-total')).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'total',
      order: 'desc',
    });
  });

  it('falls back to the defaults for values that make no sense, rather than failing the page', () => {
    expect(readTableParams(new URLSearchParams('page=-2&pageSize=7'), { sort: 'placedAt', order: 'desc' })).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'placedAt',
      order: 'desc',
    });
    expect(readTableParams(new URLSearchParams('page=1.5&pageSize=abc')).page).toBe(1);
  });

  it("turns the URL into the list API's query, with only the named filters", () => {
    expect(
      listQuery('https://shop.test/admin/orders?status=paid&region=&sort=number&secret=x&tag=a&tag=b', [
        'status',
        'region',
        'tag',
      ]),
    ).toEqual({ page: 1, pageSize: 25, sort: 'number', order: 'asc', status: 'paid', tag: ['a', 'b'] });
  });

  it('goes back to page 1 when anything but the page changes', () => {
    const search = new URLSearchParams('page=4&status=paid');
    expect(withParams(search, { sort: '-total' }).toString()).toBe('status=paid&sort=-total');
    expect(withParams(search, { page: 5 }).toString()).toBe('page=5&status=paid');
    expect(withParams(search, { status: null }).toString()).toBe('');
  });
});
