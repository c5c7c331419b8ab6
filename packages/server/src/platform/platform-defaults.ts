import { INTERNAL_RANGES } from './address-list';

/** Spec §6's blocked URL strings. */
export const DEFAULT_BLOCKED_URL_FRAGMENTS = ['.php', 'wp-', '-wp', 'sleep(', 'select('] as const;

/**
 * Attack and vulnerability scanners that name themselves; ordinary crawlers, monitors and HTTP
 * libraries are not here (blocking `curl` or `python-requests` would hit integrations too).
 */
export const DEFAULT_BLOCKED_USER_AGENTS = [
  'sqlmap',
  'nikto',
  'masscan',
  'zgrab',
  'nmap scripting engine',
  'nuclei',
  'wpscan',
  'dirbuster',
  'gobuster',
  'fuzz faster u fool',
  'acunetix',
  'netsparker',
  'havij',
  'zmeu',
] as const;

export const DEFAULT_NEVER_BLOCK_IPS = INTERNAL_RANGES;
