import { formatLongDate } from '../../lib/dates';

/** Reading speed for the "min read" estimate: a common figure for screen reading. */
const WORDS_PER_MINUTE = 200;

/** Minutes to read a rich-text body (its words, tags left out), at least one. */
export function readingMinutes(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#a-z0-9]+;/gi, ' ')
    .trim();
  const words = text === '' ? 0 : text.split(/\s+/).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/**
 * A publication date as the locale writes it (`March 3, 2025`, `3. März 2025`); the content
 * service stores dates without a time. An unreadable date gives ''.
 */
export function formatPublishedDate(isoDate: string, locale: string): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return '';
  return formatLongDate(date, locale);
}
