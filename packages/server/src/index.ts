export { buildApp, type AppDependencies } from './app';
export { loadConfig, ConfigError, configSchema, type Config } from './config';
export type { StorefrontLoadContext } from './storefront/load-context';
