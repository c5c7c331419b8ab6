import { ConfigError, loadConfig, type Config } from './config';
import { DependencyUnreachableError } from './dependency-unreachable';

/** The validated config, or the settings' errors on stderr and exit code 1. */
export function readConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Ends a start-up that failed: a setting the operator can fix is said in one line; anything
 * else keeps its stack. Shared by the server and the database preparation it starts first.
 */
export function exitOnStartUpFailure(error: unknown): never {
  if (error instanceof DependencyUnreachableError) console.error(`Piste could not start: ${error.message}`);
  else console.error('Piste could not start:', error);
  process.exit(1);
}
