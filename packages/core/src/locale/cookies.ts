/** Cookie holding the locale the visitor chose in the country picker (spec §4 'Locale': cookies first). */
export const LOCALE_COOKIE = 'piste_locale';
/** Cookie holding the visitor's utm* query parameters (spec §2 'Locale routing rules'). */
export const UTM_COOKIE = 'piste_utm';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const UTM_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
