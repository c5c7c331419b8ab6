import { VIDEO_POSTER_SIZE, VIDEO_PROFILE_720P } from './descriptor';

/** The three kinds of media URL: image, image set, video (spec §7 'Media service'). */
export type MediaKind = 'i' | 's' | 'v';

export type MediaQuery = Record<string, string | number | boolean | undefined>;

// Commas, colons and parentheses are legal in a query and keep URLs such as `poi=0.5,0.5` readable.
function encodeQueryValue(value: string): string {
  return encodeURIComponent(value)
    .replace(/%2C/gi, ',')
    .replace(/%3A/gi, ':')
    .replace(/%28/g, '(')
    .replace(/%29/g, ')');
}

/** `a=1&b=2` in the given order, skipping undefined values; '' when nothing is left. */
export function toQueryString(query: MediaQuery): string {
  return Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeQueryValue(String(value))}`)
    .join('&');
}

/** `{baseUrl}/{kind}/{alias}/{name}[?query]`; a trailing slash on the base is ignored. */
export function mediaUrl(
  baseUrl: string,
  kind: MediaKind,
  alias: string,
  name: string,
  query: MediaQuery = {},
): string {
  const base = baseUrl.replace(/\/+$/, '');
  const path = `${base}/${kind}/${encodeURIComponent(alias)}/${encodeURIComponent(name)}`;
  const search = toQueryString(query);
  return search ? `${path}?${search}` : path;
}

/** Spec §7: `GET /{i|s|v}/{alias}/{id}.json?metadata=true&protocol=https`. */
export function mediaMetadataUrl(baseUrl: string, kind: MediaKind, alias: string, id: string): string {
  return `${mediaUrl(baseUrl, kind, alias, `${id.trim()}.json`)}?metadata=true&protocol=https`;
}

/** Spec §7: the video poster, a 15x15 jpg (the blurred placeholder of a video banner). */
export function videoPosterPlaceholderUrl(baseUrl: string, alias: string, videoId: string): string {
  return mediaUrl(baseUrl, 'i', alias, videoId.trim(), { w: VIDEO_POSTER_SIZE, h: VIDEO_POSTER_SIZE, fmt: 'jpg' });
}

/** A video rendition; spec §9 asks for 720p mp4. */
export function videoSourceUrl(baseUrl: string, alias: string, videoId: string, profile = VIDEO_PROFILE_720P): string {
  return `${mediaUrl(baseUrl, 'v', alias, videoId.trim())}/${encodeURIComponent(profile)}`;
}
