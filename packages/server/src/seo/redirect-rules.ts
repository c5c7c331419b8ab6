import type { RedirectEntry } from '@piste/content';
import { localizePath, looksLikeLocale, sameOriginPath } from '@piste/core';

/** Spec §9 'Limits and timing': "Redirect limit 10"; §8: more → 400 'Too many redirects'. */
export const MAX_REDIRECT_HOPS = 10;

type Target = { kind: 'internal'; path: string; query: string } | { kind: 'external'; url: string };

export interface RedirectRule {
  uid: string;
  target: Target;
  permanent: boolean;
}

export interface CompiledRedirects {
  /** Rules by normalised `from` path. */
  byPath: ReadonlyMap<string, RedirectRule>;
  /** Entries that cannot be applied, and why (for the log: editors fix them). */
  problems: string[];
}

export type RedirectDecision =
  | { action: 'none' }
  | { action: 'redirect'; location: string; status: 301 | 302; external: boolean }
  | { action: 'too-many-redirects'; hops: number };

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The key a path is matched by: case-insensitive, without a trailing slash, percent-decoding
 * left as is. Null for anything that is not a shop path.
 */
export function redirectKey(path: string): string | null {
  if (sameOriginPath(path) === null || CONTROL.test(path)) return null;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.toLowerCase();
}

function parseTarget(to: string): Target | null {
  const value = to.trim();
  if (value.startsWith('/')) {
    if (sameOriginPath(value) === null || CONTROL.test(value)) return null;
    const cut = value.search(/[?#]/);
    const path = cut === -1 ? value : value.slice(0, cut);
    const query = cut === -1 ? '' : value.slice(cut);
    if (looksLikeLocale(path.split('/')[1])) return null;
    return { kind: 'internal', path, query };
  }
  // Spec §8 'Dangerous-protocol URL: Refused': other sites only over http(s), never javascript: and the like.
  if (!URL.canParse(value) || CONTROL.test(value)) return null;
  const url = new URL(value);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
  return { kind: 'external', url: url.href };
}

/**
 * Turns redirect entries into a lookup. `from` is a path without the locale (`/c/snow-goggles`)
 * and applies in every locale; a `from` with a locale, the home page `/` or anything that is
 * not a path is refused, as is a `to` that is neither such a path nor an http(s) URL. A second
 * rule for the same path is refused too: the first (newest) one wins.
 */
export function compileRedirects(entries: readonly Pick<RedirectEntry, 'uid' | 'from' | 'to' | 'permanent'>[]) {
  const byPath = new Map<string, RedirectRule>();
  const problems: string[] = [];
  for (const entry of entries) {
    const from = typeof entry.from === 'string' ? entry.from.trim() : '';
    const key = redirectKey(from);
    if (key === null || key === '/' || looksLikeLocale(key.split('/')[1])) {
      problems.push(`${entry.uid}: "from" must be a shop path without the locale, such as /c/old-category`);
      continue;
    }
    const target = typeof entry.to === 'string' ? parseTarget(entry.to) : null;
    if (!target) {
      problems.push(`${entry.uid}: "to" must be a shop path without the locale, or an http(s) URL`);
      continue;
    }
    if (byPath.has(key)) {
      problems.push(`${entry.uid}: another redirect already starts at ${from}`);
      continue;
    }
    byPath.set(key, { uid: entry.uid, target, permanent: entry.permanent === true });
  }
  return { byPath, problems } satisfies CompiledRedirects;
}

/**
 * Where a page request in `locale` for `path` (without the locale) should go. Chains are
 * followed here so the shopper gets one redirect to the end of the chain: permanent (301) only
 * when every hop is, else 302. Internal targets stay in the request's locale and keep the
 * request's query unless the rule names its own; more than MAX_REDIRECT_HOPS hops, or a loop,
 * is 'too-many-redirects'.
 */
export function resolveRedirect(
  redirects: CompiledRedirects,
  request: { locale: string; path: string; search: string },
): RedirectDecision {
  let key = redirectKey(request.path === '' ? '/' : request.path);
  let rule = key === null ? undefined : redirects.byPath.get(key);
  if (!rule) return { action: 'none' };
  const seen = new Set<string>();
  let permanent = true;
  let hops = 0;
  let query = request.search;
  for (;;) {
    hops += 1;
    seen.add(key!);
    permanent &&= rule.permanent;
    const status = permanent ? 301 : 302;
    if (rule.target.kind === 'external')
      return { action: 'redirect', location: rule.target.url, status, external: true };
    if (rule.target.query) query = rule.target.query;
    key = redirectKey(rule.target.path)!;
    const next = redirects.byPath.get(key);
    if (!next) {
      return {
        action: 'redirect',
        location: localizePath(request.locale, `${rule.target.path}${query}`),
        status,
        external: false,
      };
    }
    if (hops >= MAX_REDIRECT_HOPS || seen.has(key)) return { action: 'too-many-redirects', hops: hops + 1 };
    rule = next;
  }
}
