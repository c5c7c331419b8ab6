/** The content locales the editor offers first (docs/content.md: en-us is the master, the rest fall back to it). */
export const CONTENT_LOCALE_OPTIONS = [
  { value: 'en-us', label: 'English (en-us, master)' },
  { value: 'de', label: 'German (de)' },
  { value: 'fr', label: 'French (fr)' },
  { value: 'es', label: 'Spanish (es)' },
  { value: 'it', label: 'Italian (it)' },
  { value: 'nl', label: 'Dutch (nl)' },
  { value: 'pl', label: 'Polish (pl)' },
  { value: 'sv', label: 'Swedish (sv)' },
  { value: 'ja', label: 'Japanese (ja)' },
];

/** The locale asked for in the URL (`?locale=de`), en-us when none. */
export function localeOf(url: string): string {
  return new URL(url).searchParams.get('locale') || 'en-us';
}
