import { describe, expect, it } from 'vitest';
import { createAddressList, isAddressOrRange } from './address-list';
import { createBlocklist, normalizeTarget, type BlockCheck } from './blocklist';
import {
  DEFAULT_BLOCKED_URL_FRAGMENTS,
  DEFAULT_BLOCKED_USER_AGENTS,
  DEFAULT_NEVER_BLOCK_IPS,
} from './platform-defaults';

const blocklist = createBlocklist({
  blockedIps: ['198.51.100.7', '203.0.113.0/24', '2001:db8:bad::/48', '2001:db8::42'],
  urlFragments: DEFAULT_BLOCKED_URL_FRAGMENTS,
  userAgents: DEFAULT_BLOCKED_USER_AGENTS,
  neverBlockIps: [...DEFAULT_NEVER_BLOCK_IPS, '203.0.113.200'],
});

const VISITOR = '192.0.2.10';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const check = (overrides: Partial<BlockCheck>): BlockCheck => ({
  ip: VISITOR,
  url: '/en-us/c/helmets',
  userAgent: BROWSER,
  ...overrides,
});

describe('address lists', () => {
  it.each(['203.0.113.7', '10.0.0.0/8', '0.0.0.0/0', '2001:db8::1', '2001:db8::/32', '::1', '::/0'])(
    'accepts %s',
    (entry) => expect(isAddressOrRange(entry)).toBe(true),
  );

  it.each(['', 'localhost', '10.0.0.0/33', '2001:db8::/129', '10.0.0.1/', '/8', '10.0.0.256', '10.0.0.0/8/8'])(
    'refuses %j',
    (entry) => expect(isAddressOrRange(entry)).toBe(false),
  );

  it('matches IPv4 ranges, IPv6 ranges and IPv4-mapped IPv6 addresses', () => {
    const list = createAddressList(['10.0.0.0/8', 'fc00::/7', '192.0.2.1']);
    expect(list.has('10.200.3.4')).toBe(true);
    expect(list.has('11.0.0.1')).toBe(false);
    expect(list.has('fd12:3456::1')).toBe(true);
    expect(list.has('2001:db8::1')).toBe(false);
    expect(list.has('::ffff:10.1.2.3')).toBe(true);
    expect(list.has('192.0.2.1')).toBe(true);
    expect(list.has('192.0.2.2')).toBe(false);
    expect(list.has('not an address')).toBe(false);
    expect(list.has('')).toBe(false);
  });
});

describe('blocklist', () => {
  it('lets an ordinary visitor through', () => {
    expect(blocklist.reasonToBlock(check({}))).toBeNull();
    expect(blocklist.reasonToBlock(check({ url: '/api/products?categories:in=12&page=2' }))).toBeNull();
    expect(
      blocklist.reasonToBlock(check({ url: '/en-us/search?q=waterproof%20gloves', userAgent: undefined })),
    ).toBeNull();
  });

  describe('blocked IPs', () => {
    it.each([
      ['a single IPv4 address', '198.51.100.7'],
      ['an IPv4 range', '203.0.113.99'],
      ['an IPv6 range', '2001:db8:bad:1::5'],
      ['a single IPv6 address', '2001:db8::42'],
      ['an IPv4 address seen through a dual-stack socket', '::ffff:198.51.100.7'],
    ])('blocks %s', (_description, ip) => {
      expect(blocklist.reasonToBlock(check({ ip }))).toBe('ip');
    });

    it('leaves neighbours of blocked addresses alone', () => {
      expect(blocklist.reasonToBlock(check({ ip: '198.51.100.8' }))).toBeNull();
      expect(blocklist.reasonToBlock(check({ ip: '2001:db8:bae::1' }))).toBeNull();
    });
  });

  describe('blocked URL fragments', () => {
    it.each([
      ['.php', '/index.php'],
      ['wp-', '/wp-login.php'],
      ['wp- in a folder', '/blog/wp-admin/'],
      ['-wp', '/old-wp/config'],
      ['sleep(', '/en-us/search?q=1%27%20AND%20sleep(5)--'],
      ['select(', '/api/products?id=1+union+select(1)'],
    ])('blocks %s', (_description, url) => {
      expect(blocklist.reasonToBlock(check({ url }))).toBe('url');
    });

    it.each([
      ['a percent-encoded dot', '/x%2Ephp'],
      ['an encoded parenthesis in upper case', '/x?q=SELECT%28'],
      ['a double-encoded parenthesis', '/x?q=select%2528'],
      ['mixed case', '/WP-Content/uploads'],
      ['an encoded hyphen', '/wp%2Dadmin'],
      ['an encoded fragment after malformed UTF-8', '/x%2Ephp%E0%A4%A'],
      ['sleep with an encoded parenthesis', '/p?id=SlEeP%285%29'],
    ])('sees through %s', (_description, url) => {
      expect(blocklist.reasonToBlock(check({ url }))).toBe('url');
    });

    it('does not crash on malformed percent-encoding, and lets a harmless one through', () => {
      expect(() => normalizeTarget('/%E0%A4%A')).not.toThrow();
      expect(normalizeTarget('/%E0%A4%A')).toBe('/\u00e0\u00a4%a');
      expect(blocklist.reasonToBlock(check({ url: '/en-us/search?q=%E0%A4%A' }))).toBeNull();
      expect(blocklist.reasonToBlock(check({ url: '/%' }))).toBeNull();
    });

    it('lets look-alikes through', () => {
      for (const url of ['/en-us/p/php-beanie', '/en-us/p/wp', '/en-us/search?q=select', '/en-us/sleep/']) {
        expect(blocklist.reasonToBlock(check({ url }))).toBeNull();
      }
    });

    it('skips the URL rule for files of the client build, but not the other rules', () => {
      expect(blocklist.reasonToBlock(check({ url: '/assets/root-aB-wP3kQ.js', skipUrl: true }))).toBeNull();
      expect(
        blocklist.reasonToBlock(check({ url: '/assets/root-aB-wP3kQ.js', skipUrl: true, ip: '198.51.100.7' })),
      ).toBe('ip');
    });
  });

  describe('blocked user agents', () => {
    it.each([
      'sqlmap/1.8.2#stable (https://sqlmap.org)',
      'Mozilla/5.00 (Nikto/2.5.0) (Evasions:None) (Test:map_codes)',
      'masscan/1.3 (https://github.com/robertdavidgraham/masscan)',
      'Mozilla/5.0 zgrab/0.x',
      'Mozilla/5.0 (compatible; Nmap Scripting Engine; https://nmap.org/book/nse.html)',
      'WPScan v3.8.25 (https://wpscan.com/wordpress-security-scanner)',
      'Fuzz Faster U Fool v2.1.0',
    ])('blocks %s', (userAgent) => {
      expect(blocklist.reasonToBlock(check({ userAgent }))).toBe('user-agent');
    });

    it.each([
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'curl/8.5.0',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Chrome-Lighthouse',
    ])('lets ordinary clients through: %s', (userAgent) => {
      expect(blocklist.reasonToBlock(check({ userAgent }))).toBeNull();
    });
  });

  describe('the never-block list beats every rule', () => {
    it.each([
      ['loopback', '127.0.0.1'],
      ['IPv6 loopback', '::1'],
      ['a private network', '10.1.2.3'],
      ['a private network, dual-stack', '::ffff:192.168.1.20'],
      ['a unique-local IPv6 address', 'fd00::5'],
      ['an address both blocked and never blocked', '203.0.113.200'],
    ])('%s', (_description, ip) => {
      expect(blocklist.reasonToBlock({ ip, url: '/wp-login.php?x=sleep(1)', userAgent: 'sqlmap/1.8' })).toBeNull();
      expect(blocklist.isInternal(ip)).toBe(true);
    });

    it('does not cover public addresses', () => {
      expect(blocklist.isInternal(VISITOR)).toBe(false);
      expect(blocklist.isInternal('2001:db8::1')).toBe(false);
    });
  });

  it('names the first rule that matched: IP, then URL, then user agent', () => {
    expect(blocklist.reasonToBlock({ ip: '198.51.100.7', url: '/x.php', userAgent: 'sqlmap' })).toBe('ip');
    expect(blocklist.reasonToBlock({ ip: VISITOR, url: '/x.php', userAgent: 'sqlmap' })).toBe('url');
  });

  it('blocks nothing with empty lists', () => {
    const empty = createBlocklist({ blockedIps: [], urlFragments: [], userAgents: [], neverBlockIps: [] });
    expect(empty.reasonToBlock({ ip: VISITOR, url: '/wp-login.php', userAgent: 'sqlmap' })).toBeNull();
  });
});
