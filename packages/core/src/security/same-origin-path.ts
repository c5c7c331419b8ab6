/**
 * A path on this site to send a shopper to, or null: it starts with one `/`, and neither `//`
 * nor `/\` (which browsers read as another host), and holds no control characters or
 * backslashes (spec §8: external navigation is refused unless flagged).
 */
export function sameOriginPath(value: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  if (!value || !value.startsWith('/') || /^\/[/\\]/.test(value) || /[\u0000-\u001f\\]/.test(value)) return null;
  return value;
}
