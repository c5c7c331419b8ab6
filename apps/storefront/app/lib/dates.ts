/**
 * A date as the locale writes it in long form (`June 3, 2026`, `3. Juni 2026`). Read in UTC:
 * the server renders the same day whoever hydrates the page, and a date-only value (stored
 * without a time) is not shifted by the server's zone. An unreadable date throws, as Intl does.
 */
export function formatLongDate(date: Date | string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(date));
}
