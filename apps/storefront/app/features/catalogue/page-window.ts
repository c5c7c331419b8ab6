/** A page number link, or a gap standing for the pages left out between two links. */
export type PageWindowItem = number | 'gap';

/**
 * The page links of a long result list: the first and last page, and the pages around the
 * current one. A gap of a single page shows that page instead, since a link is as short as "…".
 */
export function pageWindow(current: number, total: number, radius = 1): PageWindowItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(current, 1), total);
  const shown = new Set([1, total]);
  for (let offset = -radius; offset <= radius; offset += 1) {
    if (page + offset >= 1 && page + offset <= total) shown.add(page + offset);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageWindowItem[] = [];
  pages.forEach((number, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && number - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && number - previous > 2) items.push('gap');
    items.push(number);
  });
  return items;
}
