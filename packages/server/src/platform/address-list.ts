import { BlockList, isIP } from 'node:net';

/**
 * A set of IP addresses and CIDR ranges, IPv4 and IPv6, backed by Node's `net.BlockList`.
 * IPv4-mapped IPv6 addresses (`::ffff:203.0.113.9`, what a dual-stack socket reports) match
 * the IPv4 rules.
 */
export interface AddressList {
  has(address: string): boolean;
}

const CIDR = /^(?<address>[^/]+)\/(?<prefix>\d{1,3})$/;

/** `203.0.113.9`, `2001:db8::1`, `10.0.0.0/8` or `2001:db8::/32`; null for anything else. */
function parseEntry(entry: string): { address: string; family: 'ipv4' | 'ipv6'; prefix: number | null } | null {
  const cidr = CIDR.exec(entry);
  const address = cidr?.groups?.address ?? entry;
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (!cidr) return { address, family, prefix: null };
  const prefix = Number(cidr.groups!.prefix);
  if (prefix > (version === 4 ? 32 : 128)) return null;
  return { address, family, prefix };
}

export function isAddressOrRange(entry: string): boolean {
  return parseEntry(entry) !== null;
}

/** Builds the list; entries are validated by config (`isAddressOrRange`), so a bad one throws. */
export function createAddressList(entries: readonly string[]): AddressList {
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseEntry(entry);
    if (!parsed) throw new Error(`Not an IP address or CIDR range: ${entry}`);
    if (parsed.prefix === null) list.addAddress(parsed.address, parsed.family);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return {
    has(address) {
      const version = isIP(address);
      return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/** Loopback, private, link-local and unique-local ranges: addresses of our own network. */
export const INTERNAL_RANGES = [
  '127.0.0.0/8',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  '::1',
  'fc00::/7',
  'fe80::/10',
] as const;
