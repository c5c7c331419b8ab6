import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('platform settings', () => {
  it('defaults to spec §6’s URL strings, known scanners and internal ranges, and no blocked IP', () => {
    const config = loadConfig({});
    expect(config.BLOCKED_IPS).toEqual([]);
    expect(config.BLOCKED_URL_FRAGMENTS).toEqual(['.php', 'wp-', '-wp', 'sleep(', 'select(']);
    expect(config.BLOCKED_USER_AGENTS).toContain('sqlmap');
    expect(config.NEVER_BLOCK_IPS).toEqual(expect.arrayContaining(['127.0.0.0/8', '::1', '10.0.0.0/8']));
    expect(config.METRICS_TOKEN).toBeUndefined();
  });

  it('reads comma lists of addresses and ranges, IPv4 and IPv6', () => {
    const config = loadConfig({
      BLOCKED_IPS: '203.0.113.7, 198.51.100.0/24,2001:DB8::/32',
      NEVER_BLOCK_IPS: '10.0.0.0/8',
      BLOCKED_USER_AGENTS: 'EvilBot',
    });
    expect(config.BLOCKED_IPS).toEqual(['203.0.113.7', '198.51.100.0/24', '2001:db8::/32']);
    expect(config.NEVER_BLOCK_IPS).toEqual(['10.0.0.0/8']);
    expect(config.BLOCKED_USER_AGENTS).toEqual(['evilbot']);
  });

  it.each([
    ['BLOCKED_IPS', '203.0.113.7,localhost'],
    ['BLOCKED_IPS', '10.0.0.0/33'],
    ['NEVER_BLOCK_IPS', 'internal'],
    ['TRUST_PROXY', 'yes'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_TOKEN', 'has a space in the middle'],
  ])('rejects %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`- ${name}: `));
  });

  it('takes TRUST_PROXY as a flag or as the proxies’ addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.0.2.1']);
  });
});
