/** Country names in the page's language (`DE` → 'Deutschland' on de-de), from the runtime's CLDR data. */
export function regionNames(language: string): Intl.DisplayNames {
  return new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'none' });
}
