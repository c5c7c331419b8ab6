export { openDatabase, type Database, type DatabaseTarget, type Db } from './client';
export { migrateDatabase, readMigrationStatus, migrationsFolder, type MigrationStatus } from './migrate';
export { runSeeds, type SeedStep, type SeedTx, type SeedReport } from './seed/run-seeds';
export { resetDatabase } from './reset';
export * as schema from './schema/index';
export { queryRows } from './query-rows';
export { integerArrayLiteral, queryRowsPrepared } from './prepared-query';
export {
  SEARCH_CHANGES_CHANNEL,
  notifySearchChange,
  parseSearchChange,
  type SearchChange,
} from './change-notifications';
export { listenToChannel, type ChannelHandlers, type ChannelListener } from './channel-listener';
export { DatabaseInUseError } from './pglite-lock';
