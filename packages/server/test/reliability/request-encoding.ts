/**
 * How hostile strings travel in a request line and headers: the way a real client could send
 * them, so the fuzzer tests the server and not the inject shortcut.
 */

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Percent-encodes the UTF-8 of a string (Buffer turns a lone surrogate into U+FFFD, as a browser does). */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const character of text) {
    if (UNRESERVED.test(character)) encoded += character;
    else
      for (const byte of Buffer.from(character, 'utf8'))
        encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** Printable ASCII without `?` and `#`: what may stand in a path as typed, `../` and `%ZZ` included. */
const RAW_PATH_TEXT = /^[!"$-/:->@-~]+$/;

/** A path segment: raw when a client could send it raw (traversal, bad escapes), else percent-encoded. */
export function pathSegment(text: string, raw: boolean): string {
  return raw && RAW_PATH_TEXT.test(text) ? text : percentEncode(text);
}

/** A query string from pairs, each key and value percent-encoded. */
export function queryString(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&');
}

/** A header value as HTTP/1.1 carries it: printable ASCII; anything else would not arrive as sent. */
export function headerValue(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}
