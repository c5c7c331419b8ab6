/** The shapes of the identifiers the store accepts, shared by the delivery API and the seed. */

/** Content type uids, as Contentstack allows them: lowercase letters, digits and underscores. */
export const CONTENT_TYPE_UID = /^[a-z][a-z0-9_]{0,99}$/;

/** Entry and asset uids: Contentstack's `blt…` ids or readable slugs such as `summit-pro-binding`. */
export const ENTRY_UID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;

/** Locale codes such as `en-us` or `zh-chs`. */
/** A content-service locale: `en-us`, or a bare language as spec §9 'Languages' lists them (`de`). */
export const LOCALE_CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/;

/** Dotted field path, as in `query` keys, `include[]`, `only[BASE][]` and `asc`: at most 10 levels. */
export const FIELD_PATH = /^[A-Za-z0-9_]{1,100}(\.[A-Za-z0-9_]{1,100}){0,9}$/;
