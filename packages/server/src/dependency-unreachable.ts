/**
 * A database or Redis named in the configuration did not answer at start-up: the operator's
 * setting, not a bug, so main.ts prints the message alone, in one line. The message names the
 * variable and the URL's host and port, never its user or password.
 */
export class DependencyUnreachableError extends Error {
  constructor(what: string, variable: 'DATABASE_URL' | 'REDIS_URL', url: string, cause: unknown) {
    super(`${what} of ${variable} (${hostOf(url)}) does not answer: ${reasonOf(cause)}`, { cause });
    this.name = 'DependencyUnreachableError';
  }
}

/** `host:port` of a connection string: enough to find the setting, never its user or password. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'a malformed URL';
  }
}

/** Why a connection failed; Node's refusal of a dual-stack host is an AggregateError without a message. */
function reasonOf(error: unknown): string {
  const reason =
    error instanceof Error ? error.message || (error as { code?: string }).code || error.name : String(error);
  // One line, whatever the driver said.
  return reason.replace(/\s+/g, ' ').trim();
}
