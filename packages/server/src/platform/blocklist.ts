import { createAddressList } from './address-list';

/**
 * Spec §6: "A blocked-IP list, blocked URL strings (.php, wp-, -wp, sleep(, select() and
 * blocked user-agent strings exist, with a never-block list of internal addresses."
 */
export interface BlocklistRules {
  blockedIps: readonly string[];
  /** Matched case-insensitively anywhere in the percent-decoded path and query. */
  urlFragments: readonly string[];
  /** Matched case-insensitively anywhere in the User-Agent header. */
  userAgents: readonly string[];
  /** Never blocked by any rule. */
  neverBlockIps: readonly string[];
}

export type BlockReason = 'ip' | 'url' | 'user-agent';

export interface BlockCheck {
  ip: string;
  /** The request target (path and query), as received. */
  url: string;
  userAgent: string | undefined;
  /** Skips the URL rule: a file of the client build, whose hashed name is random (see docs/operations.md). */
  skipUrl?: boolean;
}

const PERCENT_ESCAPE = /%([0-9a-f]{2})/gi;

function decodeOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // Malformed UTF-8 (`%E0%A4%A`): decode each escape as a byte, so ASCII fragments still show.
    return text.replace(PERCENT_ESCAPE, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

/**
 * The request target as the rules see it: lowercased, with percent-escapes decoded twice, so
 * `SELECT%28` and the double-encoded `SELECT%2528` both read `select(`. `+` stays as it is.
 */
export function normalizeTarget(url: string): string {
  return decodeOnce(decodeOnce(url)).toLowerCase();
}

export function createBlocklist(rules: BlocklistRules) {
  const blocked = createAddressList(rules.blockedIps);
  const neverBlock = createAddressList(rules.neverBlockIps);
  const urlFragments = rules.urlFragments.map((fragment) => fragment.toLowerCase());
  const userAgents = rules.userAgents.map((fragment) => fragment.toLowerCase());

  return {
    /** Why the request is refused, or null to let it through. */
    reasonToBlock({ ip, url, userAgent, skipUrl = false }: BlockCheck): BlockReason | null {
      if (neverBlock.has(ip)) return null;
      if (blocked.has(ip)) return 'ip';
      if (!skipUrl && urlFragments.length > 0) {
        const target = normalizeTarget(url);
        if (urlFragments.some((fragment) => target.includes(fragment))) return 'url';
      }
      if (userAgent && userAgents.length > 0) {
        const agent = userAgent.toLowerCase();
        if (userAgents.some((fragment) => agent.includes(fragment))) return 'user-agent';
      }
      return null;
    },
    isInternal: (ip: string) => neverBlock.has(ip),
  };
}

export type Blocklist = ReturnType<typeof createBlocklist>;
