import type { Config } from '../config';
import { createBlocklist } from './blocklist';
import { createGeolocation } from './geolocation';
import { createMetrics } from './metrics';

export { geolocationRoutes } from './geolocation-route';
export type { Geolocation } from './geolocation';
export { default as platformHooks } from './platform-hooks';
export { requestIdGenerator } from './request-id';
export { loggerOptions, requestLogSerializers } from './request-log';

/**
 * The platform services of one app (docs/operations.md): the spec §6 blocklists, its metrics
 * registry and the visitor's country, built from the config.
 */
export function createPlatform(config: Config) {
  return {
    blocklist: createBlocklist({
      blockedIps: config.BLOCKED_IPS,
      urlFragments: config.BLOCKED_URL_FRAGMENTS,
      userAgents: config.BLOCKED_USER_AGENTS,
      neverBlockIps: config.NEVER_BLOCK_IPS,
    }),
    metrics: createMetrics(),
    geolocation: createGeolocation({ headerNames: config.GEO_COUNTRY_HEADERS }),
  };
}
