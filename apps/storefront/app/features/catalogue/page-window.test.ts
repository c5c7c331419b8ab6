import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('lists every page of a short list', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the ends and the current page’s neighbours of a long list', () => {
    expect(pageWindow(1, 100)).toEqual([1, 2, 'gap', 100]);
    expect(pageWindow(50, 100)).toEqual([1, 'gap', 49, 50, 51, 'gap', 100]);
    expect(pageWindow(100, 100)).toEqual([1, 'gap', 99, 100]);
  });

  it('shows a single left-out page rather than a gap', () => {
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(5, 9)).toEqual([1, 'gap', 4, 5, 6, 'gap', 9]);
  });

  it('keeps a page out of range inside the list', () => {
    expect(pageWindow(12, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
